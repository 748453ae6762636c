"""The API's description behind the login: the OpenAPI schema and a page listing every operation.

The page is our own template (no script from another site, so the Content-Security-Policy stays strict);
``/api/redoc`` leads to it.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from ..accounts import Account
from ..pages import render
from ..security import READER

router = APIRouter(include_in_schema=False)
METHODS = ("get", "post", "put", "patch", "delete")


def operations(schema: dict[str, Any]) -> list[dict[str, str]]:
    """Every operation of ``schema``: method, path, summary, the first paragraph of its description, its tag."""
    found = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            description = str(operation.get("description", "")).split("\n\n")[0]
            found.append({"method": method.upper(), "path": path, "summary": str(operation.get("summary", "")),
                          "description": description, "tag": (operation.get("tags") or ["other"])[0]})
    return sorted(found, key=lambda o: (o["tag"], o["path"], METHODS.index(o["method"].lower())))


@router.get("/api/openapi.json")
def openapi_schema(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    return JSONResponse(request.app.openapi())


@router.get("/api/docs")
def api_docs(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    schema = request.app.openapi()
    return render(request, "api_docs.html", operations=operations(schema), title=schema["info"]["title"],
                  version=schema["info"]["version"], description=schema["info"].get("description", ""))


@router.get("/api/redoc")
def api_redoc(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    return RedirectResponse("/api/docs", status_code=303)
