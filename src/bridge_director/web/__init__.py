"""The director's web app: FastAPI with server-rendered pages (Jinja2 + htmx) and a JSON API under ``/api/``."""

from .app import create_app

__all__ = ["create_app"]
