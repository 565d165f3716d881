"""The tag registry: what each scanner tag stands for, kept in the database."""

from __future__ import annotations

from companion.store import SCHEMA_VERSION, Store, TaggedComponent

RED = TaggedComponent("0A00B1C2D3", "ttr-nyc", "card", "red")
TICKET = TaggedComponent("978020137962", "ttr-nyc", "ticket", "t07")


def test_an_unknown_tag_is_none(store):
    assert store.tag("FFFFFFFFFF") is None


def test_a_taught_tag_is_remembered_after_a_restart(db_path):
    store = Store(db_path)
    store.teach(RED)
    store.teach(TICKET)
    store.close()
    again = Store(db_path)
    assert again.schema_version() == SCHEMA_VERSION
    assert again.tag(RED.tag) == RED
    assert again.tag(TICKET.tag) == TICKET
    assert again.tags("ttr-nyc") == [RED, TICKET]
    again.close()


def test_teaching_a_tag_again_replaces_its_meaning(store):
    store.teach(RED)
    store.teach(TaggedComponent(RED.tag, "ttr-nyc", "card", "blue"))
    assert store.tag(RED.tag).value == "blue"
    assert len(store.tags()) == 1


def test_a_tag_can_be_forgotten(store):
    store.teach(RED)
    store.forget(RED.tag)
    assert store.tag(RED.tag) is None


def test_an_older_database_gains_the_tag_table(db_path):
    """A database written by schema 2 (before tags) is migrated to today's on opening."""
    import sqlite_utils
    from companion.store import MIGRATIONS
    old = sqlite_utils.Database(db_path)
    for migration in MIGRATIONS[:2]:
        migration(old)
    old.execute("PRAGMA user_version = 2")
    old.conn.commit()
    old.close()
    store = Store(db_path)
    assert store.schema_version() == SCHEMA_VERSION
    store.teach(RED)
    assert store.tag(RED.tag) == RED
    store.close()
