"""The app matches a request against its routes in order, with the busiest API routers first
(``create_app``): that order must change no match.  Every route's own path, its parameters filled in, is
answered by that route and by no other route placed before it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from starlette.routing import BaseRoute, Match, Route

from bridge_director.web.app import create_app


def sample_path(route: Route) -> str:
    """The route's path with each parameter filled: ``/api/sections/{sid}`` -> ``/api/sections/7``."""
    return re.sub(r"{[^}]+}", "7", route.path)


def flatten(items: Sequence[BaseRoute]) -> Iterator[BaseRoute]:
    """The app's routes in the order they are tried (an included router's own routes where it stands)."""
    for item in items:
        included = getattr(item, "original_router", None)  # FastAPI's included router
        if included is None:
            yield item
        else:
            yield from flatten(included.routes)


def routes() -> list[Route]:
    return [r for r in flatten(create_app().router.routes) if isinstance(r, Route)]


def test_every_route_is_the_first_to_match_its_own_paths() -> None:
    listed = routes()
    assert len(listed) > 90
    for index, route in enumerate(listed):
        for method in sorted(route.methods or {"GET"}):
            scope = {"type": "http", "path": sample_path(route), "method": method, "root_path": ""}
            first = next(r for r in listed if r.matches(scope)[0] is Match.FULL)
            assert first is route or first.path == route.path, (route.path, method, first.path)
            assert listed.index(first) <= index


def test_no_page_path_and_no_api_path_match_a_route_of_the_other_kind() -> None:
    """So the API routers can go before the pages without taking a page's request, or the reverse."""
    listed = routes()
    pages = [r for r in listed if not r.path.startswith("/api/")]
    api = [r for r in listed if r.path.startswith("/api/")]
    assert len(pages) > 40 and len(api) > 40
    for mine, theirs in ((pages, api), (api, pages)):
        for route in mine:
            for method in sorted(route.methods or {"GET"}):
                scope = {"type": "http", "path": sample_path(route), "method": method, "root_path": ""}
                assert not any(r.matches(scope)[0] is Match.FULL for r in theirs), route.path


def test_the_busiest_writes_are_matched_by_the_first_routers() -> None:
    listed = routes()
    heads = [r.path for r in listed[:30]]
    assert "/api/sections/{sid}/results" in heads
    assert "/api/register/rulings" in heads
