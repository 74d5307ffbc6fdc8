"""The form markup written once (templates/_macros.html): a chip radio and a field's errors."""

from __future__ import annotations

import pytest


@pytest.fixture
def macros(app):
    with app.test_request_context():
        yield app.jinja_env.get_template("_macros.html").module


def test_a_chip_is_a_radio_in_a_label_checked_when_chosen(macros):
    assert str(macros.chip("bid", 350, "350", True)) == (
        '<label class="chip"><input type="radio" name="bid" value="350" checked>'
        "<span>350</span></label>"
    )
    unchosen = str(macros.chip("trump", "", "No trump", False, "none"))
    assert unchosen.startswith('<label class="chip none">') and "checked" not in unchosen


def test_a_suit_chip_names_its_symbol_for_screen_readers(macros):
    html = str(macros.chip("trump", "S", "♠", False, "suit suit-S", "spades"))
    assert html == (
        '<label class="chip suit suit-S"><input type="radio" name="trump" value="S" >'
        '<span aria-label="spades">♠</span></label>'
    )


def test_a_chips_label_is_escaped(macros):
    assert "<span>A &amp; B &lt;3</span>" in str(macros.chip("declarer", 1, "A & B <3"))


@pytest.mark.parametrize(
    ("messages", "html"),
    [
        pytest.param(None, "", id="none"),
        pytest.param([], "", id="no errors"),
        pytest.param("Too high.", '<p class="error" role="alert">Too high.</p>', id="one message"),
        pytest.param(
            ["Too high.", "Not a number."],
            '<p class="error" role="alert">Too high.</p>'
            '<p class="error" role="alert">Not a number.</p>',
            id="each its own alert",
        ),
    ],
)
def test_a_fields_errors_are_each_an_alert(macros, messages, html):
    assert str(macros.field_errors(messages)) == html


def test_an_errors_id_goes_on_the_first_message_for_aria_describedby(macros):
    html = str(macros.field_errors(["Wrong.", "Again."], id="pin-error"))
    assert html == (
        '<p id="pin-error" class="error" role="alert">Wrong.</p>'
        '<p class="error" role="alert">Again.</p>'
    )


WORD_40 = "Wolfeschlegelsteinhausenbergerdorffvoral"


@pytest.mark.parametrize(
    ("text", "html"),
    [
        pytest.param("H", "H", id="one-letter-as-it-is"),
        pytest.param("Maximilian Alexander Konstantin von Berg", None, id="forty-in-words"),
        pytest.param("A" * 20, "A" * 20, id="twenty-letters-as-they-are"),
        pytest.param("A" * 21, f'<bdi class="word-l">{"A" * 21}</bdi>', id="21-smaller"),
        pytest.param("A" * 30, f'<bdi class="word-l">{"A" * 30}</bdi>', id="30-smaller"),
        pytest.param(WORD_40, f'<bdi class="word-xl">{WORD_40}</bdi>', id="40-smallest"),
        pytest.param(
            f"Hal pays {WORD_40} $2.40",
            f'<bdi class="word-xl">Hal pays {WORD_40} $2.40</bdi>',
            id="a-sentence-with-the-long-word",
        ),
        pytest.param("<" + "b" * 24, f'<bdi class="word-l">&lt;{"b" * 24}</bdi>', id="escaped"),
    ],
)
def test_a_word_too_long_for_a_phone_is_drawn_smaller_never_broken(macros, text, html):
    assert str(macros.fitted(text)) == (text if html is None else html)


def test_a_chip_with_a_forty_letter_name_draws_it_smaller(macros):
    html = str(macros.chip("declarer", 7, WORD_40))
    assert html.endswith(f'<span><bdi class="word-xl">{WORD_40}</bdi></span></label>')
