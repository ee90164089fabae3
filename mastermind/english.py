"""The English both editions write: plurals and sentences made from the rules' own phrases.

>>> plural(1, "guess"), plural(2, "guess"), plural(0, "point")
('1 guess', '2 guesses', '0 points')
>>> sentence("enter a name"), sentence("Done.")
('Enter a name.', 'Done.')
"""


def plural(count: int, word: str) -> str:
    """`count` and `word`, in the plural unless `count` is 1 (``guess`` -> ``guesses``)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}{'es' if word.endswith('s') else 's'}"


def sentence(text: str) -> str:
    """`text` as a sentence of its own: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
