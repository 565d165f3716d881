"""The play sent to a phone, through the real `companion` command at 800x480: the results'
"To a phone" shows a QR code that a phone camera reads as BG Stats' "create play" link with
exactly the JSON `companion export --format bgstats` prints."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from urllib.parse import unquote

import pytest

pytestmark = pytest.mark.ui
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
CAMERA_MARGIN = 40  # px of screen round the code in the crop: what a phone's camera frames


def _png_rows(path: Path) -> tuple[int, int, int, list[bytes]]:
    """A non-interlaced 8-bit RGB(A) PNG's width, height, bytes a pixel and rows."""
    data = path.read_bytes()
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prior = zlib.decompress(b"".join(chunks)), width * bpp, [], bytes(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prior = line
    return width, height, bpp, rows


def crop_to_pgm(shot: Path, left: int, top: int, side: int, target: Path) -> Path:
    """The square [left, left+side) x [top, top+side) of a screenshot as a grey PGM."""
    width, height, bpp, rows = _png_rows(shot)
    x0, y0 = max(0, left), max(0, top)
    x1, y1 = min(width, left + side), min(height, top + side)
    grey = bytearray()
    for row in rows[y0:y1]:
        grey.extend(row[x * bpp + 1] for x in range(x0, x1))  # green: enough for black/white
    target.write_bytes(b"P5 %d %d 255\n" % (x1 - x0, y1 - y0) + bytes(grey))
    return target


def test_the_results_show_a_qr_code_a_phone_reads_as_the_bg_stats_play(run_scenario, tmp_path):
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) is not installed")
    run = run_scenario("phone_code").check()
    seen = run.report["phone"]
    assert run.report["back"] == "ttr_scoring" or run.report["back"].endswith("scoring")
    assert seen["module_px"] >= 3, seen  # about 0.6 mm a module on the Pi's 7" screen
    assert seen["side"] <= seen["window"][1] - 48, seen  # under the caption's bar
    shot = run.shots / "phone-code-800x480.png"
    crop = crop_to_pgm(shot, seen["left"] - CAMERA_MARGIN, seen["top"] - CAMERA_MARGIN,
                       seen["side"] + 2 * CAMERA_MARGIN, tmp_path / "camera.pgm")
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(crop)], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert read.startswith(CREATE_PLAY), read[:80]
    exported = subprocess.run([str(Path(sys.executable).parent / "companion"), "export", str(seen["game"]),
                               "--format", "bgstats", "--db", str(tmp_path / "companion.db")],
                              capture_output=True, text=True, check=True).stdout
    assert json.loads(unquote(read[len(CREATE_PLAY):])) == json.loads(exported)
    from test_ui import judge_audits
    judge_audits(run.report, ["results-with-phone-button", "phone-code"],
                 kinds=("touch", "text", "overlap", "outside"))
