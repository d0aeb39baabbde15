#!/usr/bin/env python3
"""Makes the faces Settings draws the languages' names in (assets/fonts/LanguageNames-*.ttf).

Settings names every language in its own script. Drawing those names from the scripts'
whole faces would make the page fetch four faces (some 680 KB) for one screen, so each
name is drawn from a subset of its script's regular face that holds only the glyphs the
name needs, with every layout feature kept (conjuncts, joining) and the glyph ids of the
whole face (`src/client/ui/font.rs` checks that each name shapes to the same glyphs).
The subsets are renamed, so that the shaper never takes one for the whole face.

Run it again when a language's name (`Language::own_name`) or a script face changes:
    python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
    /tmp/ft/bin/python scripts/name-faces.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "assets" / "fonts"

# Each script's face, and the names Settings writes in it (as `Language::own_name`).
NAMES = {
    "Deva": ("NotoSansDevanagari-Regular.ttf", "हिन्दी मराठी"),
    "Beng": ("NotoSansBengali-Regular.ttf", "বাংলা"),
    "Taml": ("NotoSansTamil-Regular.ttf", "தமிழ்"),
    "Arab": ("NotoNaskhArabic-Regular.ttf", "اردو"),
}


def main():
    for script, (face, text) in NAMES.items():
        options = subset.Options()
        options.layout_features = ["*"]
        options.retain_gids = True
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
        options.notdef_outline = True
        font = TTFont(FONTS / face)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text.replace(" ", ""))
        subsetter.subset(font)
        family = f"Carrom Language Names {script}"
        names = font["name"]
        for record in names.names:
            if record.nameID in (1, 16):
                record.string = family
            elif record.nameID == 4:
                record.string = f"{family} Regular"
            elif record.nameID == 3:
                record.string = f"{family} Regular (subset of {face})"
            elif record.nameID == 6:
                record.string = family.replace(" ", "") + "-Regular"
        out = FONTS / f"LanguageNames-{script}.ttf"
        font.save(out)
        print(f"{out.name}: {out.stat().st_size} bytes for {text!r}")


if __name__ == "__main__":
    main()
