"""docs/screenshots/ and docs/ui.md's gallery, from the screenshot audit's shots.

Run by hand after the audit has kept its screenshots:

    UI_SHOTS=/tmp/shots .venv/bin/python -m pytest tests/ui/test_audit.py
    .venv/bin/python tests/ui/gallery.py /tmp/shots/audit

(the folder defaults to $UI_SHOTS/audit). Each entry of GALLERY copies one 800×480 English
shot of a tour (FOLDER/<game>-800x480/<stop>.en-800x480.png) to docs/screenshots/<name>.png —
the names the README and docs/ui.md use stay as they are — and the table between the gallery
markers in docs/ui.md is written again, one line per screenshot. Screenshots the audit does not
take (durability-*.png, from tests/ui/test_durability_ui.py) are left alone. `--check` only
says what is missing or out of date, and changes nothing.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "screenshots"
UI_MD = ROOT / "docs" / "ui.md"
BEGIN = "<!-- gallery: written by tests/ui/gallery.py from the screenshot audit -->"
END = "<!-- /gallery -->"
SIZE = "800x480"

TTR, ROTW, TQ = "ttr-nyc", "rotw-card-game", "manhattan-traffiq"

# (file in docs/screenshots, the tour's game, its stop, what the screenshot shows)
GALLERY = (
    # the app
    ("home.png", TTR, "home", "Home before any game: one box per game, Score a finished "
     "game, History, Settings"),
    ("home-unfinished.png", TTR, "ttr-nyc-home-unfinished", "Home with four games not "
     "finished (long names; the list scrolls): each card resumes its game, Abandon beside "
     "it"),
    ("abandon.png", TTR, "ttr-nyc-home-abandon", "Abandon asks first, naming the game and "
     "its players"),
    ("escape-close.png", TTR, "home-close", "Escape on Home asks before closing the "
     "companion"),
    ("score-only-choice.png", TTR, "home-score-only-choice", "Score a finished game: which "
     "game was played"),
    ("settings.png", TTR, "settings", "Settings: the language, the on-screen keyboard, the "
     "scanner"),
    ("teach.png", TTR, "ttr-nyc-teach", "Teach the scanner: Ticket to Ride's cards and "
     "tickets"),
    ("new-game.png", TTR, "new-game-2", "New game, two players: names, colours, seat order, "
     "who starts"),
    ("new-game-unfinished.png", TTR, "new-game-4", "New game, four players, with \"Not "
     "finished: 1\" beside Start"),
    ("new-game-set-aside.png", TTR, "new-game-unfinished", "The games not finished: tap one "
     "to resume it, or set them aside"),
    ("new-game-score-only.png", TTR, "new-game-score-only", "New game for scoring a "
     "finished game (nobody starts)"),
    ("leave-game.png", TTR, "ttr-leave", "Escape during a game asks before leaving it (it "
     "is saved)"),
    ("history.png", TTR, "ttr-nyc-history", "History: every game, newest first, and each "
     "game's table of players"),
    ("history-abandoned.png", TTR, "history-abandoned", "History with a game abandoned and "
     "three not finished"),
    ("game-log.png", TTR, "ttr-nyc-game-log", "A game's log page: its result, then every "
     "move in words"),
    # Ticket to Ride: New York
    ("ttr-turn-up.png", TTR, "ttr-turn-up", "Ticket to Ride, setup: the five cards turned "
     "face up, one tap each"),
    ("ttr-dealt-hand.png", TTR, "ttr-dealt-hand", "Every card scanned (Settings): the cards "
     "a player was dealt"),
    ("ttr-keep-tickets.png", TTR, "ttr-keep-tickets", "Setup: how many of the two tickets "
     "dealt a player keeps"),
    ("play.png", TTR, "ttr-play-midgame", "Playing, four players, in the middle of the "
     "game"),
    ("claim.png", TTR, "ttr-claim", "Claiming a route: the payments the rules allow"),
    ("ttr-claim-colour.png", TTR, "ttr-claim-colour", "A gray route payable in several "
     "colours: the colour first"),
    ("ttr-claim-pay.png", TTR, "ttr-claim-pay", "… then the payments in that colour"),
    ("ttr-keep-draw.png", TTR, "ttr-keep-draw", "Draw tickets: how many of the two were "
     "kept"),
    ("ttr-refused.png", TTR, "ttr-refused", "A route that cannot be paid: the reason on the "
     "map, nothing stored"),
    ("ttr-undo.png", TTR, "ttr-undo", "A seat button held: take back the last move?"),
    ("ttr-unknown-tag.png", TTR, "ttr-unknown-tag", "A tag the scanner does not know: teach "
     "it now, or not now"),
    ("ttr-final-round.png", TTR, "ttr-final-round", "The final round, said over the map"),
    ("ttr-ticket-entry.png", TTR, "ttr-ticket-entry", "The end: each player taps the "
     "tickets they hold"),
    ("results.png", TTR, "ttr-results", "The results: points by category, the chart, the "
     "tickets on the map"),
    ("score-only.png", TTR, "ttr-score-only", "Scoring a finished game: each player's "
     "routes tapped on the map"),
    ("score-only-tickets.png", TTR, "ttr-score-only-tickets", "… then each player's "
     "tickets"),
    # Railways of the World: The Card Game
    ("rotw-new-game.png", ROTW, "rotw-new-game-2", "Railways of the World, New game: the "
     "full or the family rules"),
    ("rotw-turn-up.png", ROTW, "rotw-turn-up", "Setup: the three cards turned face up"),
    ("rotw-play.png", ROTW, "rotw-play", "Playing, four players: the network, the cards, "
     "the moves of the step"),
    ("rotw-take-second.png", ROTW, "rotw-take-second", "Taking cards: the second one, or No "
     "second card"),
    ("rotw-build.png", ROTW, "rotw-build-city", "Build: the city card's value first (or "
     "scan it)"),
    ("rotw-build-likely.png", ROTW, "rotw-build-where", "Build: a city card known (scanned, "
     "or the box's played before): where it joins, the likeliest build first, one tap"),
    ("rotw-build-pay.png", ROTW, "rotw-build-pay", "Build: the cards that pay for the link, "
     "and their total"),
    ("rotw-build-card.png", ROTW, "rotw-build-card", "Build: the card's points (a value-2 "
     "card: every colour marked, those it lacks tapped off), then its demand"),
    ("rotw-illegal-build.png", ROTW, "rotw-build-refused", "A payment the rules refuse: "
     "the reason inside the question, above its cards (over no button)"),
    ("rotw-goods.png", ROTW, "rotw-goods", "The cubes drawn from the bag for a new city"),
    ("rotw-deliver-colour.png", ROTW, "rotw-deliver-colour", "Delivering from a city with "
     "several cubes: which one"),
    ("rotw-deliver-to.png", ROTW, "rotw-deliver-to", "Delivering: the cities the cube can "
     "reach are ringed"),
    ("rotw-locomotive.png", ROTW, "rotw-locomotive", "Locomotive: tap a cube to deliver "
     "with it, or play it alone"),
    ("rotw-discard.png", ROTW, "rotw-discard", "Discard and draw: which card is "
     "discarded"),
    ("rotw-draw-after.png", ROTW, "rotw-draw-after", "… then the card taken"),
    ("rotw-restock.png", ROTW, "rotw-restock-city", "Discard and restock: which city gets a "
     "cube"),
    ("rotw-hand-limit.png", ROTW, "rotw-hand-limit", "More than 13 cards: the ones "
     "discarded"),
    ("rotw-final-round.png", ROTW, "rotw-final-round", "The final round"),
    ("rotw-final-delivery.png", ROTW, "rotw-final-delivery", "The final deliveries: one "
     "each, or No delivery"),
    ("rotw-results.png", ROTW, "rotw-results", "The results: who took each city, the goods "
     "sets"),
    ("rotw-score-only.png", ROTW, "rotw-score-only", "Scoring a finished game: the cities "
     "and links"),
    ("rotw-link-value.png", ROTW, "rotw-link-value", "Score-only: a link's value"),
    ("rotw-player-entry.png", ROTW, "rotw-player-entry", "Score-only: a player's "
     "Locomotives, cubes and track"),
    # Manhattan TraffIQ
    ("traffiq-new-game.png", TQ, "tq-new-game-2", "Manhattan TraffIQ, New game: the "
     "scenario"),
    ("traffiq-start-tiles.png", TQ, "tq-start-tiles", "The start tiles, compared with the "
     "table before the game"),
    ("traffiq-start-tile.png", TQ, "tq-start-tile", "A start tile's sides, or Turn the "
     "tile"),
    ("traffiq-start-refused.png", TQ, "tq-start-refused", "Start tiles whose sides do not "
     "match: the reason, nothing starts"),
    ("traffiq-play.png", TQ, "tq-play", "Playing, four players: the city map, the actions, "
     "the players"),
    ("traffiq-closed-action.png", TQ, "tq-closed-action", "A greyed action tapped: the "
     "reason"),
    ("traffiq-place-cells.png", TQ, "tq-place-cells", "Placing a tile: the cells where it "
     "fits are lit"),
    ("traffiq-tile.png", TQ, "tq-tile", "The tile just laid, tapped: its free sides"),
    ("traffiq-vehicle.png", TQ, "tq-vehicle", "A crossing completed: a taxi, a van or no "
     "vehicle"),
    ("traffiq-ride.png", TQ, "tq-ride", "A taxi ride: the points it can reach"),
    ("traffiq-compete.png", TQ, "tq-compete", "Before competing: the vehicles that would "
     "go back"),
    ("traffiq-end-turn.png", TQ, "tq-end-turn", "End turn with actions left: ended at the "
     "tap, Undo takes it back"),
    ("traffiq-final-round.png", TQ, "tq-final-round", "The final round"),
    ("traffiq-results.png", TQ, "tq-results", "The results: vans and taxis on the map, "
     "the winner and why"),
    ("traffiq-score-only.png", TQ, "tq-score-only", "Scoring a finished game: taxis and "
     "vans per player"),
)


def shot(folder: Path, game: str, stop: str) -> Path:
    return folder / f"{game}-{SIZE}" / f"{stop}.en-{SIZE}.png"


def table() -> str:
    """The gallery: one line per screenshot (a small picture, its file, what it shows)."""
    lines = ["| | |", "|---|---|"]
    for name, _game, _stop, caption in GALLERY:
        lines.append(f'| <img src="screenshots/{name}" width="240" alt="{name}"> | '
                     f"`{name}`: {caption} |")
    return "\n".join(lines)


def write_section(text: str) -> str:
    if BEGIN not in text or END not in text:
        raise SystemExit(f"docs/ui.md has no gallery markers ({BEGIN} … {END})")
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ["UI_SHOTS"]) / "audit" if os.environ.get("UI_SHOTS") else None
    parser.add_argument("folder", nargs="?", type=Path, default=default,
                        help="the audit's screenshots ($UI_SHOTS/audit)")
    parser.add_argument("--check", action="store_true", help="change nothing, say what differs")
    args = parser.parse_args(argv)
    if args.folder is None:
        parser.error("the audit's screenshot folder: an argument, or $UI_SHOTS")
    missing = [f"{game}/{stop}" for _name, game, stop, _caption in GALLERY
               if not shot(args.folder, game, stop).is_file()]
    if missing:
        print("not in the audit's screenshots:", ", ".join(missing), file=sys.stderr)
        return 1
    changed = [name for name, game, stop, _caption in GALLERY
               if not (SCREENSHOTS / name).is_file()
               or not filecmp.cmp(shot(args.folder, game, stop), SCREENSHOTS / name,
                                  shallow=False)]
    text = UI_MD.read_text(encoding="utf-8")
    section = write_section(text)
    if args.check:
        for name in changed:
            print(f"out of date: docs/screenshots/{name}")
        if section != text:
            print("out of date: docs/ui.md's gallery")
        return 1 if changed or section != text else 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, game, stop, _caption in GALLERY:
        shutil.copyfile(shot(args.folder, game, stop), SCREENSHOTS / name)
    UI_MD.write_text(section, encoding="utf-8")
    print(f"{len(GALLERY)} screenshots ({len(changed)} changed) and docs/ui.md's gallery")
    return 0


if __name__ == "__main__":
    sys.exit(main())
