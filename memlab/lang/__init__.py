"""Language helpers that sit below the store, retrieval and knowledge alike.

Text normalisation, tokens, Snowball stems and stop words (``text``), entity-name keys
(``names``), transliteration (``translit``), the value gazetteers with every surface form a
value is written in (``values``, read from ``data/values.json``) and the extractor's word lists,
one data file per list and language (``wordlists``, read from ``data/<lang>/``). Nothing here runs SQL, parses
with spaCy or natasha, or imports another memlab layer: retrieval and knowledge both build on it.
"""
