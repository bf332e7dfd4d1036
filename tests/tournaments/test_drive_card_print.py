"""Score cards print on one sheet each, in Parlour's own typeface, whatever fonts the machine has."""

import ctypes

import pytest

from parlour.tournaments.drive import MAX_GOALS, MAX_NAME, MAX_ROUNDS, MAX_TEAMS, Drive, DriveError
from parlour.tournaments.drive_card import LONG_NAME, SHEETS, card_html

pypdfium2 = pytest.importorskip("pypdfium2")
printing = pytest.importorskip("parlour.tournaments.printing")


def fonts_used(page) -> set[str]:
    """The names of the fonts a PDF page's text is set in (subset prefixes dropped)."""
    import pypdfium2.raw as raw

    text = page.get_textpage()
    names = set()
    for i in range(text.count_chars()):
        buffer, flags = ctypes.create_string_buffer(256), ctypes.c_int()
        if raw.FPDFText_GetFontInfo(text.raw, i, buffer, 256, ctypes.byref(flags)) and buffer.value:
            names.add(buffer.value.decode().split("+")[-1])
    return names


def widest_drive(teams: int, rounds: int) -> Drive:
    """The hardest card to fit: the longest names, in the widest letter, every result entered with two-digit goals."""
    names = [(f"{i:02d}" + "W" * MAX_NAME)[:MAX_NAME] for i in range(teams)]
    drive = Drive(names, rounds=rounds, title="M" * MAX_NAME)
    for round in range(1, rounds + 1):
        for table in range(1, drive.cycle + 1):
            if not drive.fixture(round, table).is_bye:
                drive.enter(round, table, MAX_GOALS - 11, 11)
    return drive


# every size of sheet at its most rounds, the largest drive Parlour allows among them, an odd drive with byes
@pytest.mark.parametrize("teams, rounds", [(MAX_TEAMS, most or MAX_ROUNDS) for most, _, _ in SHEETS]
                         + [(MAX_TEAMS - 1, MAX_ROUNDS), (4, 2)])
def test_every_card_prints_on_one_sheet_in_parlours_own_typeface(teams, rounds):
    drive = widest_drive(teams, rounds)
    # a Home team, an Away team, and the last team (in an odd drive, one with byes)
    chosen = [drive.teams[0], drive.teams[1], drive.teams[-1]]
    document = pypdfium2.PdfDocument(printing.pdf([card_html(drive.card(team)) for team in chosen]))
    assert len(document) == len(chosen)
    for page, team in zip(document, chosen, strict=True):
        text = page.get_textpage().get_text_range()
        assert "SCORE CARD" in text and team[:20] in text.replace("\r\n", "").replace("\n", "")
        assert fonts_used(page) == {"Parlour-Card-Semi-Condensed", "Parlour-Card-Bold-Semi-Condensed",
                                    "Parlour-Card-Italic-Semi-Condensed"}


def test_the_sheet_grows_with_the_rounds_and_the_limits_hold():
    assert "A6 landscape" in card_html(Drive(["A", "B"], rounds=SHEETS[0][0]).card("A"))
    assert "size: A5" in card_html(Drive(["A", "B"], rounds=SHEETS[0][0] + 1).card("A"))
    assert "size: A4" in card_html(Drive(["A", "B"], rounds=MAX_ROUNDS).card("A"))
    with pytest.raises(DriveError, match="at most"):
        Drive([f"T{i}" for i in range(MAX_TEAMS + 1)])
    with pytest.raises(DriveError, match="rounds"):
        Drive(["A", "B"], rounds=MAX_ROUNDS + 1)


def test_a_printed_page_fetches_nothing_but_parlours_fonts():
    page = "<html><body><p>x</p><img src='https://example.com/x.png'><img src='file:///etc/passwd'></body></html>"
    with pytest.raises(BaseException, match="example.com|Error fetching"):
        printing.pdf([page])


def _box_of(page, word: str) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the first place ``word`` is printed on the page, in points."""
    text = page.get_textpage()
    at = text.get_text_range().index(word)
    boxes = [text.get_charbox(i) for i in range(at, at + len(word))]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@pytest.mark.parametrize("teams, rounds", [(4, 2), (MAX_TEAMS, SHEETS[0][0]), (MAX_TEAMS, SHEETS[1][0]),
                                           (MAX_TEAMS, MAX_ROUNDS)])
def test_a_card_is_laid_out_as_the_sheets_specimen_in_type_to_read(teams, rounds):
    """The opponents' column takes about half the card, the figures' columns the rest, never the whole page; the
    type is a size to read at arm's length (capitals at least 6.5 points high: type of 9 points or more), and
    the card fills most of its sheet's width without running off it."""
    # club names as long as a club's usually are (Wolverhampton Wanderers), every result in, two-digit goals
    names = [(f"{i:02d} Wolverhampton Wanderers")[:LONG_NAME] for i in range(teams)]
    drive = Drive(names, rounds=rounds, title="Club night at the Drill Hall")
    for round in range(1, rounds + 1):
        for table in range(1, drive.cycle + 1):
            if not drive.fixture(round, table).is_bye:
                drive.enter(round, table, MAX_GOALS - 11, 11)
    document = pypdfium2.PdfDocument(printing.pdf([card_html(drive.card(drive.teams[1]))]))
    assert len(document) == 1
    page = document[0]
    width = page.get_size()[0]
    versus, goals, total = _box_of(page, "VERSUS"), _box_of(page, "GOALS"), _box_of(page, "TOTAL")
    assert versus[3] - versus[1] >= 6.5, versus                  # capital letters' height, in points
    team = _box_of(page, "TEAM")
    assert team[3] - team[1] >= 6.5, team
    card = (150 if rounds > SHEETS[1][0] else 132) / 25.4 * 72
    assert total[2] < width and total[2] - team[0] <= card + 1             # a card's width, not the A4 page's
    left = team[0]
    assert (goals[0] - left) / (total[2] - left) <= 0.55, (versus, goals, total)      # VERSUS: half, not the page


def test_a_finished_drives_printed_card_says_the_position_and_the_cup():
    drive = Drive(["Aston Villa", "Charlton", "QPR", "Swansea"], rounds=1)
    drive.enter(1, 1, 3, 1)
    drive.enter(1, 2, 0, 2)
    document = pypdfium2.PdfDocument(printing.pdf([card_html(drive.card("Aston Villa"))]))
    assert len(document) == 1
    text = " ".join(document[0].get_textpage().get_text_range().split())
    # (Swansea won 2-0 without a goal against: a better goal average than Villa's 3-1)
    assert "TOTAL 2 FINAL POSITION 2nd of 4 · CUP WINNERS: they held the Cup at the end" in text, text
