"""Measuring a page as a phone shows it, in the browser: how wide it is, the tap targets smaller than 44 px, and
the colours of every piece of text over the background it is drawn on (WCAG 2 contrast, computed here)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: The least a finger can hit without hitting its neighbour (WCAG 2.5.5, Apple's and Android's guidelines).
TARGET = 44

# Everything a finger taps: controls, disclosure summaries, a radio or checkbox by its label, and a link that
# stands alone (a button-like link, a link in the header or a navigation bar, a link alone in its list item,
# table cell or paragraph).  A link inside a sentence is exempt (WCAG 2.5.5 "inline").
SURVEY_JS = r"""
(minimum) => {
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"; };
  const classes = (e) => (e.className ? "." + String(e.className).trim().split(/\s+/).join(".") : "");
  const name = (e) => (e.id ? "#" + e.id : e.tagName.toLowerCase() + classes(e))
    + " " + JSON.stringify((e.textContent || e.value || e.name || "").trim().slice(0, 30));
  const alone = (a) => { const p = a.parentElement;
    return p && (p.textContent || "").trim() === (a.textContent || "").trim(); };
  const targets = new Set();
  document.querySelectorAll("button, a.button, select, textarea, summary, header a, nav a, .subnav a, input")
    .forEach((e) => { if (e.type === "hidden") return;
      targets.add((e.type === "radio" || e.type === "checkbox") && e.closest("label") ? e.closest("label") : e); });
  document.querySelectorAll("a[href]").forEach((a) => { if (alone(a)) targets.add(a); });
  const small = [];
  targets.forEach((e) => { if (!visible(e) || e.closest("details:not([open]) > :not(summary)")) return;
    const r = e.getBoundingClientRect();
    if (r.height < minimum - 0.5 || r.width < minimum - 0.5) {
      small.push([name(e), Math.round(r.width), Math.round(r.height)]); } });
  const background = (e) => { for (let n = e; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (c && !/rgba\(.*, 0\)$/.test(c) && c !== "transparent") return c; }
    return "rgb(255, 255, 255)"; };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const e = t.parentElement;
    if (!t.textContent.trim() || !e || !visible(e)) continue;
    if (e.closest("details:not([open]) > :not(summary), [hidden], script, style")) continue;
    const s = getComputedStyle(e);
    texts.push([name(e), s.color, background(e), parseFloat(s.fontSize), Number(s.fontWeight)]);
  }
  return { width: document.documentElement.scrollWidth, viewport: window.innerWidth,
           wide: [...document.querySelectorAll("main *, header *")].filter(visible)
                 .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                 .filter((e) => { for (let n = e.parentElement; n; n = n.parentElement) {
                   if (/(auto|scroll|hidden)/.test(getComputedStyle(n).overflowX)) return false; } return true; })
                 .map(name).slice(0, 5),
           small, texts };
}
"""


@dataclass(frozen=True)
class Survey:
    """One page at one width: its scroll width, what sticks out, the small targets, its texts' colours."""

    path: str
    width: int
    viewport: int
    wide: list[str]
    small: list[tuple[str, int, int]]
    texts: list[tuple[str, str, str, float, int]]


def survey(page: Any, path: str) -> Survey:
    found = page.evaluate(SURVEY_JS, TARGET)
    return Survey(path, found["width"], found["viewport"], found["wide"], [tuple(s) for s in found["small"]],
                  [tuple(t) for t in found["texts"]])


def rgba(css: str) -> tuple[float, float, float, float]:
    """A computed CSS colour (``rgb(r, g, b)`` or ``rgba(r, g, b, a)``) as numbers.

    >>> rgba("rgb(20, 83, 45)"), rgba("rgba(0, 0, 0, 0.5)")
    ((20.0, 83.0, 45.0, 1.0), (0.0, 0.0, 0.0, 0.5))
    """
    found = re.fullmatch(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)", css.strip())
    if found is None:
        raise ValueError(f"not a computed colour: {css!r}")
    r, g, b, a = found.groups()
    return float(r), float(g), float(b), float(a) if a is not None else 1.0


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0-255 channels)."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of text ``foreground`` over an opaque ``background`` (a translucent text colour is
    blended over the background first).

    >>> white = "rgb(255, 255, 255)"
    >>> round(contrast("rgb(0, 0, 0)", white), 2), round(contrast("rgb(119, 119, 119)", white), 2)
    (21.0, 4.48)
    """
    fr, fg, fb, fa = rgba(foreground)
    br, bg, bb, _ = rgba(background)
    blended = (fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa))
    light, dark = sorted((luminance(blended), luminance((br, bg, bb))), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def large(size: float, weight: int) -> bool:
    """WCAG large text: 18 pt (24 px), or 14 pt (18.67 px) bold."""
    return size >= 24 or (size >= 18.66 and weight >= 700)


def low_contrast(found: Survey) -> list[str]:
    """The texts of the page below WCAG AA: 4.5:1, or 3:1 for large text."""
    poor = []
    for where, fg, bg, size, weight in found.texts:
        ratio = contrast(fg, bg)
        if ratio < (3.0 if large(size, weight) else 4.5):
            poor.append(f"{found.path} {where}: {fg} on {bg} is {ratio:.2f}:1")
    return poor


def problems(page: Any, path: str) -> list[str]:
    """Everything the phone checks find on the page as it is now: too wide, too small to tap, too pale."""
    found = survey(page, path)
    wide = [f"{path}: {found.width} px wide on a {found.viewport} px phone"] if found.width > found.viewport else []
    small = [f"{path} {what}: {w} x {h}" for what, w, h in found.small]
    return wide + small + low_contrast(found)
