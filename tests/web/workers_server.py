"""The register served by several worker processes, for the workers test:
``python workers_server.py DB_URL WORKERS PORT`` (session cookies without Secure: the test client speaks http)."""

from __future__ import annotations

import sys

from bridge_director.web.live import serve_register
from bridge_director.web.settings import WebSettings

if __name__ == "__main__":
    serve_register("127.0.0.1", int(sys.argv[3]), url=sys.argv[1], workers=int(sys.argv[2]),
                   settings=WebSettings(secure_cookies=False))
