"""Settings' look, through the real `companion` command at 800×480: the
toggles show their state in words, and the row of Teach / keyboard / Back up is one height and
one type size."""

from __future__ import annotations


def test_the_toggles_say_on_or_off_and_sit_level_with_the_buttons(run_scenario):
    report = run_scenario("settings_toggles").check().report
    off, on, de = report["off"], report["on"], report["de"]
    assert off["tools"]["keyboard"]["text"].endswith("[b]Off[/b]"), off
    assert on["tools"]["keyboard"]["text"].endswith("[b]On[/b]"), on
    assert on["keyboard_state"] == "down"
    assert [t["text"].rsplit("\n", 1)[1] for t in on["scanning"]][0] == "[b]On[/b]", on
    assert all(t["text"].endswith("[b]Off[/b]") for t in on["scanning"][1:]), on
    for seen in (off, on, de):
        heights = {tool["height"] for tool in seen["tools"].values()}
        sizes = {tool["font_size"] for tool in seen["tools"].values()}
        assert len(heights) == 1 and min(heights) >= 48, seen["tools"]
        assert len(sizes) == 1, seen["tools"]
        assert len({t["height"] for t in seen["scanning"]}) == 1, seen["scanning"]
    assert "Railways of the World:\nThe Card Game" in " ".join(t["text"] for t in off["scanning"])
    # what each game scans: the dealt hands only where the label says "dealt"
    words = [t["text"].split("[/b]\n")[1] for t in off["scanning"]]
    assert words[0].startswith("scan every card dealt or drawn"), words
    assert words[1].startswith("scan every card, the ones dealt at setup too"), words
    assert words[2].startswith("scan every tile, the 2 drawn at setup too"), words
    assert not any(": \n" in t["text"] or t["text"].split("\n")[0].endswith("Game:")
                   for t in off["scanning"]), off["scanning"]
    # German: the words of the state and of Back up follow the language
    assert de["tools"]["keyboard"]["text"] == "Bildschirmtastatur\n[b]An[/b]", de
    assert de["tools"]["teach"]["text"] == "Kartenleser anlernen", de
    assert de["tools"]["backup"]["text"] != off["tools"]["backup"]["text"], de
