"""Latin spellings of Cyrillic words, for names said in one alphabet and asked about in the other."""

from __future__ import annotations

_TRANSLIT = {
    "а": ("a",), "б": ("b",), "в": ("v",), "г": ("g",), "д": ("d",), "е": ("e",), "ё": ("e", "yo"), "ж": ("zh",),
    "з": ("z",), "и": ("i",), "й": ("y", "i", "j"), "к": ("k",), "л": ("l",), "м": ("m",), "н": ("n",),
    "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s",), "т": ("t",), "у": ("u",), "ф": ("f",),
    "х": ("kh", "h"), "ц": ("ts",), "ч": ("ch",), "ш": ("sh",), "щ": ("shch",), "ъ": ("",), "ы": ("y",),
    "ь": ("",), "э": ("e",), "ю": ("yu", "ju", "u"), "я": ("ya", "ja", "a"),
}  # fmt: skip


def latin_forms(word: str, limit: int = 64) -> set[str]:
    """Latin spellings of a Cyrillic word ("Юлия" -> {"yuliya", "julia", ...}); a Latin word as is."""
    forms = {""}
    for ch in word.casefold():
        options = _TRANSLIT.get(ch, (ch,))
        forms = {f + o for f in forms for o in options}
        if len(forms) > limit:
            forms = set(sorted(forms)[:limit])
    return forms
