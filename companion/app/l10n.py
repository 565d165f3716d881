"""Dates, clock times and numbers in the chosen language, written by Babel (CLDR): "5 mars
2026", "vor 5 Min.", "acum 21 de minute", "12 345".

The words come from Babel's locale data, not the catalogs, so they need no translation; each
takes the language now chosen (`tr.language`).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from .i18n import tr

# Babel's modules are imported where they are used: Home starts without them (start-up budget).

# The app's English is British in its clock and dates: 14:05 and 5 Mar 2026, as on the Pi's
# 24-hour screens elsewhere, not 2:05 PM.
_LOCALES = {"en": "en_GB"}


def locale() -> str:
    """The Babel locale of the language now chosen."""
    return _LOCALES.get(tr.language, tr.language)


def local(moment: str | datetime) -> datetime:
    """A stored time (UTC, ISO; the store writes UTC even without a zone) in local time."""
    then = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    return then.astimezone()


def day(moment: str | datetime | date) -> str:
    """A day as the language writes it in a line of text: "5 Mar 2026", "05.03.2026"."""
    from babel.dates import format_date
    when = moment if type(moment) is date else local(moment).date()
    return format_date(when, format="medium", locale=locale())


def clock(moment: datetime) -> str:
    """A time of day: "14:05"."""
    from babel.dates import format_time
    return format_time(moment, format="short", locale=locale())


def since(delta: timedelta, unit: str, short: bool) -> str:
    """How long ago, in whole units ("minute", "day"), with the language's plural and
    direction: "5 min ago", "vor 3 Tagen", "acum 21 de minute", "3 nappal ezelőtt"."""
    from babel.dates import format_timedelta
    return format_timedelta(-delta, granularity=unit, threshold=10**6, add_direction=True,
                            format="short" if short else "long", locale=locale())


def number(value: float, digits: int = 0) -> str:
    """A number with the language's separators: 1,234.5 / 1.234,5 / 1 234,5."""
    from babel.numbers import format_decimal
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=locale())
