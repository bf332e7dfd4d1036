"""Pages to print as PDF, drawn by WeasyPrint from the same HTML the browser prints.

WeasyPrint needs the Pango library from the system (Debian's ``libpango-1.0-0``);
where it or the library is missing, ``PrintingUnavailable`` says so and the
HTML page remains, which every browser prints as well.

The pages name their typeface by the address the web app serves it at
(``/fonts/card/...``); here those addresses are read from the files Parlour
ships, and nothing else is fetched, so a PDF is laid out the same on every
machine, whatever fonts it has, and never reaches the network.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.errors import ParlourError
from parlour.tournaments.drive_card import FONT_FILES, FONT_URL, FONTS

#: pages are read as if they came from here, so that ``/fonts/card/x.ttf`` has a full address
BASE = "https://parlour.invalid/"


class PrintingUnavailable(ParlourError):
    """No PDF can be made on this machine; the reason says what to install."""


def pdf(pages: list[str]) -> bytes:
    """One PDF of the given HTML pages, in order (each may run to several sheets)."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as error:          # OSError: the Pango library itself is missing
        raise PrintingUnavailable(f"PDF needs WeasyPrint and Pango (pip install weasyprint): {error}") from None
    fetcher = _own_fonts()
    documents = [HTML(string=page, base_url=BASE, url_fetcher=fetcher).render() for page in pages]
    sheets = [sheet for document in documents for sheet in document.pages]
    return documents[0].copy(sheets).write_pdf()


def _own_fonts() -> Any:
    """A WeasyPrint fetcher that serves Parlour's own fonts from the package and refuses any other address."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class OwnFonts(URLFetcher):
        def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
            name = url.removeprefix(BASE.rstrip("/") + FONT_URL)
            if name not in FONT_FILES.values():
                raise ValueError(f"a printed page may use only Parlour's own fonts, not {url}")
            return URLFetcherResponse(url, (FONTS / name).read_bytes(), {"Content-Type": "font/ttf"})

    return OwnFonts(fail_on_errors=True)
