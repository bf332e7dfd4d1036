"""Pages to print as PDF, drawn by WeasyPrint from the same HTML the browser prints.

WeasyPrint needs the Pango library from the system (Debian's ``libpango-1.0-0``);
where it or the library is missing, ``PrintingUnavailable`` says so and the
HTML page remains, which every browser prints as well.
"""

from __future__ import annotations

from parlour.engine.errors import ParlourError


class PrintingUnavailable(ParlourError):
    """No PDF can be made on this machine; the reason says what to install."""


def pdf(pages: list[str]) -> bytes:
    """One PDF of the given HTML pages, in order (each may run to several sheets)."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as error:          # OSError: the Pango library itself is missing
        raise PrintingUnavailable(f"PDF needs WeasyPrint and Pango (pip install weasyprint): {error}") from None
    documents = [HTML(string=page).render() for page in pages]
    sheets = [sheet for document in documents for sheet in document.pages]
    return documents[0].copy(sheets).write_pdf()
