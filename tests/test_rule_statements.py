"""The statements a native rules editor corrected to the rulebooks' meaning, held in the three
languages as players read them: in the printed summaries and on the reference card. Each
also names the wording that misstated the rule, which must not come back."""

from __future__ import annotations

import re

import pytest

from generator.documents.markdown import to_markdown
from generator.services.find import load_pack
from generator.services.texts import text_document
from generator.templates.faces import TextOp
from tests.conftest import DATA
from tests.face_helpers import front

PACKS = {
    game: load_pack(DATA / game)
    for game in ("all-star-draft", "disaster-draft", "extraliga-all-stars")
}


def _summary(game: str, locale: str, edition: str = "") -> str:
    return _flat(to_markdown(text_document(PACKS[game], "summary", edition, locale)))


def _flat(text: str) -> str:
    """The text on one line (line breaks and runs of spaces as one space; the no-break
    spaces of French typography kept)."""
    return re.sub(r"[ \n]+", " ", text)


def _reference(locale: str) -> str:
    """Everything Disaster Draft's reference card prints, in one language."""
    binder, component = front(PACKS["disaster-draft"], "reference", locale)
    ops = binder.face(component.cards[0].item)
    return _flat(" ".join(op.text for op in ops if isinstance(op, TextOp)))


# (what the rule says, in each language; what misstated it, in each language)
ALL_STAR_DRAFT: Statements = {
    "tied teams share the best of their ranks, the others are skipped": (
        {
            "en": "they share the best of the ranks they take and each scores its fans; the other "
            "ranks they take are skipped (one for two tied teams, two for three)",
            "de": "Sie teilen sich den besten der Ränge, die sie belegen, und erhalten jeweils "
            "dessen Fans; die übrigen Ränge, die sie belegen, entfallen (bei zwei Teams einer, "
            "bei dreien zwei)",
            "fr": "elles partagent le meilleur de leurs rangs et gagnent chacune les Supporters "
            "de ce rang ; les autres rangs qu’elles occupent sont sautés (un pour deux équipes, "
            "deux pour trois)",
        },
        {
            "de": (
                "Gleichstarke Teams teilen sich den besseren Rang",
                "gleiches Attribut, gleicher",
            ),
            "fr": "(même Puissance, même critère et même valeur)",
            "en": ("Teams that tie share", "for each further tied team"),
        },
    ),
    "teams are laid face down and revealed together": (
        {
            "en": "lays a team of 5 face down; then all reveal their teams together",
            "de": "legt verdeckt ein Team aus 5 aus; dann decken alle gleichzeitig auf",
            "fr": "pose face cachée une équipe de 5 ; puis tous révèlent simultanément leur équipe",
        },
        {},
    ),
    "shootout cards are laid face down and revealed together": (
        {
            "en": "each lays one card from their hand face down, all reveal them together",
            "de": "legt eine Karte aus der Hand verdeckt aus, alle decken gleichzeitig auf",
            "fr": "chacun pose face cachée une carte de sa main, tous les révèlent simultanément",
        },
        {},
    ),
    "a shootout needs a full tie for last place": (
        {
            "en": "If several teams are tied in full as the weakest, their managers play a "
            "penalty shootout",
            "de": "Stehen mehrere Teams im Gleichstand auf dem letzten Platz, folgt ein "
            "Penaltyschießen",
            "fr": "Si plusieurs équipes sont ex aequo à la dernière place, leurs Managers jouent "
            "un Tir de Pénalité",
        },
        {"de": "gleich schwach", "en": "tie as the weakest"},
    ),
    "a card without a symbol is below every symbol": (
        {
            "en": "a card without a symbol is weaker than any card with one",
            "de": "eine Karte ohne Symbol ist schwächer als jede Karte mit Symbol",
            "fr": "une carte sans Symbole est plus faible que toute carte portant un Symbole",
        },
        {"fr": "compte comme le Symbole le plus faible", "en": "counts as the weakest symbol"},
    ),
}
DISASTER_DRAFT: Statements = {
    "the chain sends as many units as there are players, several of one player's": (
        {
            "en": "until as many units have been sent to the graveyard as there are players. "
            "One player may lose several units, another none.",
            "de": "bis so viele Einheiten auf den Friedhof geschickt wurden, wie Spieler "
            "mitspielen. Ein Spieler kann mehrere Einheiten verlieren, ein anderer keine.",
            "fr": "jusqu’à ce qu’autant d’unités que de joueurs aient été envoyées au "
            "cimetière. Un même joueur peut en perdre plusieurs, un autre aucune.",
        },
        {"de": "eine Einheit je Spieler", "fr": "une unité par joueur", "en": "one unit per"},
    ),
    "the reward's own effect does not act": (
        {
            "en": "it is the reward. Its own effect does not act.",
            "de": "Sie ist die Belohnung. Ihr eigener Effekt wirkt nicht.",
            "fr": "c’est la récompense. Son effet ne s’applique pas.",
        },
        {},
    ),
    "ties of speed start with the last battle's winner": (
        {
            "en": "seat order decides, starting with the winner of the last battle",
            "de": "gilt die Sitzreihenfolge, beginnend beim Sieger der letzten Schlacht",
            "fr": "on suit le sens horaire à partir du vainqueur de la dernière bataille",
        },
        {"de": "der die Schlacht eröffnet", "fr": ("qui ouvre la bataille", "l’ordre des places")},
    ),
    "a reward that died still goes to the winner's hand (the shipped reading of D5)": (
        {
            "en": "The winner takes the reward into their hand, even if it died in the battle",
            "de": "Der Sieger nimmt die Belohnung auf die Hand, auch wenn sie in der Schlacht "
            "gestorben ist",
            "fr": "Le vainqueur prend la récompense en main, même si elle est morte pendant la "
            "bataille",
        },
        {"en": "it stays in the graveyard", "de": "bleibt sie auf dem Friedhof"},
    ),
    "the effects' draws come after every effect and before the victory card (D6)": (
        {
            "en": "Clarification: cards an effect lets a player draw are drawn once every effect "
            "has acted, in the same seat order, before the winner takes the victory card.",
            "de": "Klarstellung: Karten, die ein Effekt ziehen lässt, werden gezogen, wenn alle "
            "Effekte gewirkt haben, in derselben Sitzreihenfolge und bevor der Sieger seine "
            "Siegkarte nimmt.",
            "fr": "Précision : les cartes qu’un effet fait piocher sont piochées une fois tous "
            "les effets appliqués, dans le même ordre, avant que le vainqueur ne prenne sa carte "
            "de victoire.",
        },
        {"en": "happen after the battle, with the draws after the reveal"},
    ),
    "the draws after the reveal come right after it": (
        {
            "en": "Right after the reveal, the fewer units you sent, the more you draw",
            "de": "Gleich nach dem Aufdecken gilt: Je weniger Einheiten du in die Schlacht "
            "geschickt hast, desto mehr ziehst du",
            "fr": "Aussitôt après, moins vous avez envoyé d’unités, plus vous piochez",
        },
        {},
    ),
}
REFERENCE_CARD: Statements = {
    "the chain counts units, not players": (
        {
            "en": "until as many units as players were sent (one player may lose several)",
            "de": "bis so viele Einheiten geschickt wurden, wie Spieler mitspielen (auch "
            "mehrere eines Spielers)",
            "fr": "jusqu’à ce qu’autant d’unités que de joueurs aient été envoyées (un même "
            "joueur peut en perdre plusieurs)",
        },
        {"de": "eine Einheit je Spieler", "fr": "une unité par joueur", "en": "one unit per"},
    ),
    "the winner places the deck's top card on the victory pile": (
        {
            "en": "put the deck's top card on your victory pile",
            "de": "lege die oberste Karte des Decks auf deinen Siegstapel",
            "fr": "placez la carte du dessus de la pioche sur votre pile de victoire",
        },
        {"fr": "et la carte du dessus sur votre pile"},
    ),
    "effects act by speed, the highest first": (
        {
            "en": "Effects act by speed, the highest first.",
            "de": "Effekte wirken nach Geschwindigkeit, die höchste zuerst.",
            "fr": "Les effets s’appliquent par vitesse décroissante.",
        },
        {"de": "Einheitenstärke bleibt", "fr": "agissent par vitesse"},
    ),
    "a reward that died goes to the winner's hand all the same (the shipped reading of D5)": (
        {
            "en": "Take the reward into your hand (even if it died)",
            "de": "Nimm die Belohnung auf die Hand (auch wenn sie gestorben ist)",
            "fr": "Prenez la récompense en main (même si elle est morte)",
        },
        {"de": "außer sie ist gestorben"},
    ),
}
EXTRALIGA: Statements = {
    "the season deck's opponent cards are drawn at random and the deck shuffled": (
        {
            "en": "shuffle the draw cards for your number of managers together with as many "
            "opponent cards, drawn at random, as the table gives",
            "de": "mische die Auslosungskarten für die Zahl der Manager mit so vielen zufällig "
            "gezogenen Gegnerkarten, wie die Tabelle nennt",
            "fr": "mélangez les cartes de tirage au sort correspondant au nombre de managers "
            "avec autant de cartes adversaire tirées au hasard que l’indique le tableau",
        },
        {"de": "die Gegnerkarten, die die Tabelle nennt", "fr": "selon le tableau, des cartes"},
    ),
    "a penalty spares a manager without a player of the named position": (
        {
            "en": "A manager with no player of the named position in the lineup is not concerned.",
            "de": "Wer keinen Spieler der genannten Position aufgestellt hat, ist nicht betroffen.",
            "fr": "Un manager qui n’aligne aucun joueur du poste indiqué n’est pas concerné.",
        },
        {"de": "keinen solchen Spieler", "en": "no such player"},
    ),
    "the manager nearest the first-player token plays bonuses first": (
        {
            "en": "the manager of the match who sits nearest the first-player token in turn "
            "order (its holder, if he plays) plays bonuses from his lineup first",
            "de": "setzt zuerst der Manager Boni seiner Aufstellung ein, der in "
            "Spielreihenfolge dem Startspieler-Marker am nächsten sitzt (dessen Besitzer "
            "selbst, wenn er mitspielt)",
            "fr": "le manager du match le plus proche du jeton premier joueur dans l’ordre du "
            "tour (son détenteur, s’il dispute ce match) utilise le premier les bonus",
        },
        {"de": "Dann darf der Startspieler Boni", "fr": "Le premier joueur peut alors"},
    ),
    "the draw cards' letters are the managers'": (
        {
            "en": "A and B with two managers, A to C with three, A to D with four, A to E with "
            "five; the draw cards name the managers by these letters",
            "de": "zu zweit A und B, zu dritt A bis C, zu viert A bis D, zu fünft A bis E; die "
            "Auslosungskarten nennen die Manager mit diesen Buchstaben",
            "fr": "A et B à deux, A à C à trois, A à D à quatre, A à E à cinq ; les cartes de "
            "tirage au sort désignent les managers par ces lettres",
        },
        {},
    ),
}


Statements = dict[str, tuple[dict[str, str], dict[str, str | tuple[str, ...]]]]


def _cases(statements: Statements, source: str) -> list[object]:
    return [
        pytest.param(source, said, wrong, locale, id=f"{name}-{locale}")
        for name, (said, wrong) in statements.items()
        for locale in ("en", "de", "fr")
    ]


@pytest.mark.parametrize(
    ("source", "said", "wrong", "locale"),
    [
        *_cases(ALL_STAR_DRAFT, "all-star-draft"),
        *_cases(DISASTER_DRAFT, "disaster-draft"),
        *_cases(REFERENCE_CARD, "reference"),
        *_cases(EXTRALIGA, "extraliga-all-stars"),
    ],
)
def test_the_corrected_statement_is_printed(
    source: str, said: dict[str, str], wrong: dict[str, str | tuple[str, ...]], locale: str
) -> None:
    expected = said[locale].replace(" ;", "\u202f;").replace(" :", "\u202f:")
    if source == "reference":
        texts = [_reference(locale)]
    elif source == "all-star-draft":
        texts = [_summary(source, locale, "2025"), _summary(source, locale, "2020")]
    else:
        texts = [_summary(source, locale)]
    wrongs = wrong.get(locale, ())
    for text in texts:
        assert expected in text
        for misstated in (wrongs,) if isinstance(wrongs, str) else wrongs:
            assert misstated not in text
