"""Word lists the extractor reads: gazetteers for values, cue words for attributes and subjects.

The lists are data (memlab/lang/data/<lang>/, read by memlab.lang.wordlists; the value gazetteers
are memlab.lang.values); this module gives them the names the extractor reads them by.

Values that NER cannot type (programming languages, editors, operating systems, phones, cars)
come from gazetteers; their category names the attribute ("I write everything in Rust" ->
programming_language). Cue words are lemmas, so every inflection and tense is covered by one entry.
"""

from __future__ import annotations

from memlab.lang import wordlists as wl
from memlab.lang.values import (  # re-exported: the extractor reads them from here
    _FORMS as _FORMS,
)
from memlab.lang.values import (
    CAR_BRANDS as CAR_BRANDS,
)
from memlab.lang.values import (
    CAR_BRANDS_RU as CAR_BRANDS_RU,
)
from memlab.lang.values import (
    CAR_MODELS_RU as CAR_MODELS_RU,
)
from memlab.lang.values import (
    CITY_ALIASES as CITY_ALIASES,
)
from memlab.lang.values import (
    DIETS as DIETS,
)
from memlab.lang.values import (
    FAVOURITE_NOUNS_RU as FAVOURITE_NOUNS_RU,
)
from memlab.lang.values import (
    NAME_FORMS as NAME_FORMS,
)
from memlab.lang.values import (
    TOOLS as TOOLS,
)
from memlab.lang.values import (
    forms_of as forms_of,
)

# gazetteers and cue words, one data file per list and language (memlab/lang/data/<lang>/<name>.txt|json;
# each file's header says what it is for); all_* joins a list's languages
CAPITALS_ONLY = wl.all_words("capitals_only")
GYM_NOUNS = wl.all_words("gym_nouns")
GYM_VERBS = wl.all_words("gym_verbs")
CAR_MODELS_EN: dict[str, str] = {m.casefold(): m for m in wl.phrases("en", "car_models")}
MODEL_WORDS = wl.words("en", "model_words")
RU_EMPLOYERS = wl.words("ru", "employers")
UNIVERSITY_NICKNAMES = wl.words("ru", "university_nicknames")
EN_EMPLOYERS = wl.words("en", "employers")
DIET_OF = {w: canon for canon, words in DIETS.items() for w in words}
FREE_OF = wl.all_table("free_of")
RELATIONS: dict[str, str] = wl.all_table("relations")
OF_TITLES = wl.words("en", "of_titles")
RELATION_FACTS = wl.table("en", "relation_facts")
PETS: dict[str, str] = wl.all_table("pets")
ATTRIBUTE_NOUNS: dict[str, str] = wl.all_table("attribute_nouns")
ORDER_WORDS = wl.words("en", "order_words")
NATIVE = wl.all_words("native")
UNITS = wl.all_words("units")
DURATION_UNITS = wl.all_words("duration_units")
STORY_NOUNS = wl.all_words("story_nouns")
FAVOURITE = wl.all_words("favourite")
FAVOURITE_NOUNS_EN_RU = {en: ru for ru, en in reversed(FAVOURITE_NOUNS_RU.items())}  # the first Russian noun
TITLED = wl.words("en", "titled")
CURATED_JOB_HEADS = wl.all_words("job_heads")
OCCUPATIONS = wl.all_words("occupations")  # the blind-written gazetteer
JOB_HEADS = CURATED_JOB_HEADS | OCCUPATIONS  # every word that heads a job title
OCCUPATION_PHRASES = wl.all_words("occupation_phrases")  # "dinner lady": titles whose last word is no job alone
JOB_SHORTHANDS = wl.table("en", "job_shorthands")
NATIONALITIES_EN = wl.words("en", "nationalities")
NATIONALITIES_RU = wl.words("ru", "nationalities")
LANGUAGES = wl.all_words("languages")
LEARN_VERBS = wl.all_words("learn_verbs")
SPEAK_VERBS = wl.all_words("speak_verbs")
STUDENT_WORDS = wl.all_words("student_words")
SCHOOL_NOUNS = wl.words("en", "school_nouns")
APP_NAMES = wl.words("en", "app_names")
ORDINALS = wl.words("en", "ordinals")
RU_ORDINALS = wl.words("ru", "ordinals")
DEGREE_STAGES = wl.words("ru", "degree_stages")
INSTRUMENTS = wl.all_words("instruments")
INSTRUMENT_NAMES = wl.all_table("instrument_names")
BOARD_GAMES = wl.all_words("board_games")
SPORTS = wl.all_words("sports")
DROP_VERBS = wl.all_words("drop_verbs")
FIRST_PERSON = wl.all_words("first_person")
STATUS_WORDS = wl.all_words("status_words")
STATUS_PHRASES = wl.all_phrases("status_phrases")
DIET_NOUNS = wl.all_words("diet_nouns")
HOME_NOUNS = wl.all_words("home_nouns")
COUNTRIES = wl.all_words("countries")
LOWER_CASE_CITIES = wl.words("en", "lower_case_cities")
DEMONYMS = wl.table("en", "demonyms")
DRINKS = wl.all_words("drinks")
DRINK_SECOND_WORDS = wl.all_table("drink_second_words")
TEAM_NOUNS = wl.all_words("team_nouns")
STANCE_WORDS = wl.all_words("stance_words")

# -- modality and time cues (lemmas / lower-case words) --------------------------------------------
NEGATIONS = wl.all_words("negations")
NOT_A_MANAGER = wl.phrases("ru", "not_a_manager")
NO_LONGER = wl.all_phrases("no_longer")
MODALS = wl.words("en", "modals")
FUTURE_AUX = wl.words("en", "future_aux")
HYPOTHETICAL_MARKS = wl.all_words("hypothetical_marks")
NONFACT_HEADS = wl.all_words("nonfact_heads")
FUTURE_TIME = wl.all_phrases("future_time")
NOT_REAL = wl.all_phrases("not_real")
PAST_TIME = wl.all_phrases("past_time")
PAST_DURATIONS = wl.all_phrases("past_durations")


def ru_car(word: str, brands: bool = True) -> str | None:
    """The car a capitalised Russian word names in any case form: a model ("Гранте" -> "Лада Гранта",
    natasha and pymorphy3 read "грант") or a brand ("Мазде" -> "Мазда"); by the stem, a letter or
    two of ending after it."""
    if not word[:1].isupper():
        return None
    low = word.casefold()
    for table in (CAR_MODELS_RU, {b: b.capitalize() for b in CAR_BRANDS_RU} if brands else {}):
        for key, canon in table.items():
            # foreign names in -о / -е do not decline (Рено, Пежо, Шевроле): "Ренат" is no Renault
            stem = key[:-1] if key[-1] in "аяь" and len(key) >= 4 else key
            if low == key or low.startswith(stem) and 0 < len(low) - len(stem) <= 2 and low[len(stem) :].isalpha():
                if key == "поло" and low != key:
                    continue  # "Поле", "Полу" are other words; "Поло" does not decline
                return canon
    return None


def known_employer(lemma: str, form: str) -> bool:
    """A token (its ``lemma`` and lower-case ``form``) names one of the RU_EMPLOYERS."""
    return lemma in RU_EMPLOYERS or form in RU_EMPLOYERS


def instrument_name(lemma: str) -> str:
    """The name an instrument goes by, from its lemma ("барабан" -> "барабаны")."""
    return INSTRUMENT_NAMES.get(lemma, lemma)
