"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from mastermind import CATALOG, Code, Config

letters = st.sampled_from("".join(color.letter for color in CATALOG[:10]))


@st.composite
def configs(draw: st.DrawFn, max_pegs: int = 8) -> Config:
    """Any valid configuration."""
    colors = draw(st.integers(2, 10))
    allow_duplicates = draw(st.booleans())
    pegs = draw(st.integers(1, max_pegs if allow_duplicates else min(max_pegs, colors)))
    return Config(pegs=pegs, colors=colors, max_guesses=draw(st.integers(1, 20)), allow_duplicates=allow_duplicates)


@st.composite
def codes(draw: st.DrawFn, config: Config) -> Code:
    """Any legal code of `config`."""
    if config.allow_duplicates:
        row = draw(st.lists(st.sampled_from(config.letters), min_size=config.pegs, max_size=config.pegs))
    else:
        row = draw(st.permutations(config.letters))[: config.pegs]
    return Code("".join(row))


@st.composite
def code_pairs(draw: st.DrawFn) -> tuple[Config, Code, Code]:
    """A config with a secret and a guess in it."""
    config = draw(configs())
    return config, draw(codes(config)), draw(codes(config))
