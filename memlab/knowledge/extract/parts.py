"""What the parts of ``Reader`` call on one another: the sentence it reads and, as stubs, the
methods one part uses from another (each part subclasses this; ``Reader`` joins them, and the
parts' definitions come before these in its method order). mypy checks each definition against
its stub here, so a changed signature shows up in both places."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from memlab.knowledge.extract.basics import Extracted
from memlab.knowledge.extract.nlp import Sent, Tok


class ReaderParts:
    """The sentence (``s``, its ``toks``, the lower-cased text ``low``, the ``quoted`` token
    indices, what earlier sentences ``said``) and the methods the parts share."""

    s: Sent
    toks: list[Tok]
    low: str
    quoted: set[int]
    said: dict[str, Any]

    # career.py

    def _career(self, found: list[Extracted]) -> Iterator[Extracted]:
        raise NotImplementedError

    # asides.py

    def _asides(self, found: list[Extracted]) -> Iterator[Extracted]:
        raise NotImplementedError

    # profiles.py

    def _profile(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _age_tags(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _routine(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _ru_named_after(self) -> Iterator[Extracted]:
        raise NotImplementedError

    # whereabouts.py

    def _town_of_work(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _home_town(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def moved_nowhere(self) -> bool:
        raise NotImplementedError

    def _a_town(self, o: Tok) -> bool:
        raise NotImplementedError

    # passing.py

    def _in_passing(self) -> Iterator[Extracted]:
        raise NotImplementedError

    # standing.py

    def _time_into(self) -> Iterator[Extracted]:  # career.py
        raise NotImplementedError

    def _time_in_place(self) -> Iterator[Extracted]:  # career.py
        raise NotImplementedError

    def _ru_job_instrumental(self) -> Iterator[Extracted]:  # ru_jobs.py
        raise NotImplementedError

    def _standing(self) -> Iterator[Extracted]:
        raise NotImplementedError

    # adopting.py

    def _adopting(self) -> Iterator[Extracted]:
        raise NotImplementedError

    # orders.py

    def _usual_drink(self, found: Sequence[Extracted]) -> Iterator[Extracted]:
        raise NotImplementedError

    # copula.py

    def _copula_facts(self, v: Tok, subj_text: str | None) -> Iterator[Extracted]:
        raise NotImplementedError

    def _bare_ru_pet(self, t: Tok) -> str | None:
        raise NotImplementedError

    def _pets_listed(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _late_pet(self, pet: Tok) -> bool:
        raise NotImplementedError

    def _diet_noun(self, o: Tok) -> str | None:
        raise NotImplementedError

    def _project_status(self, project: Tok) -> Iterator[Extracted]:
        raise NotImplementedError

    def _phrase(self, b: Tok) -> str:
        raise NotImplementedError

    # modality.py

    def _is_question(self) -> bool:
        raise NotImplementedError

    def asks_where(self) -> bool:
        raise NotImplementedError

    def says_nothing_now(self) -> bool:  # sentence.py
        raise NotImplementedError

    def _is_predicate(self, t: Tok) -> bool:
        raise NotImplementedError

    def _blocked(self, v: Tok) -> bool:
        raise NotImplementedError

    def denied(self, t: Tok) -> bool:
        raise NotImplementedError

    def _negated_stretch(self, o: Tok, v: Tok) -> bool:
        raise NotImplementedError

    # russian.py

    def _russian(self) -> Iterator[Extracted]:
        raise NotImplementedError

    # sentence.py

    def _companions(self) -> list[Tok]:
        raise NotImplementedError

    def antecedent_person(self, t: Tok) -> str | None:
        raise NotImplementedError

    def antecedent(self, t: Tok) -> Tok | None:
        raise NotImplementedError

    # states.py

    def _ru_against(self, t: Tok) -> bool:
        raise NotImplementedError

    def _new_role(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _new_job(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _title_run(self, k: int) -> str | None:
        raise NotImplementedError

    def _plain_state(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _speaks_of(self, subject: str, part: list[Tok]) -> bool:
        raise NotImplementedError

    def _plain_subject(self) -> str | None:
        raise NotImplementedError

    def _named_subject(self) -> str | None:
        raise NotImplementedError

    def _state_value(self, t: Tok) -> tuple[str, str, str] | None:
        raise NotImplementedError

    def _stretches(self, dashes: bool=True) -> list[list[Tok]]:
        raise NotImplementedError

    def _ru_job_plain(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def _future_time(self, v: Tok) -> bool:  # modality.py
        raise NotImplementedError

    def _not_plain(self, t: Tok) -> bool:
        raise NotImplementedError

    def _hedge(self, c: Tok) -> bool:  # modality.py
        raise NotImplementedError

    def _ru_hedge(self, mark: Tok) -> bool:
        raise NotImplementedError

    def _in_word(self, t: Tok) -> bool:
        raise NotImplementedError

    def _in_time_ahead(self, v: Tok) -> bool:  # verbs.py
        raise NotImplementedError

    def _someone_else(self, t: Tok) -> bool:
        raise NotImplementedError

    # subjects.py

    def subject_of(self, v: Tok) -> str | None:
        raise NotImplementedError

    def subject_phrase(self, t: Tok) -> str | None:
        raise NotImplementedError

    def owner_of(self, t: Tok) -> str | None:
        raise NotImplementedError

    def _name_child(self, t: Tok) -> str | None:
        raise NotImplementedError

    def vocative(self, t: Tok) -> bool:
        raise NotImplementedError

    def _is_person(self, t: Tok) -> bool:
        raise NotImplementedError

    # values.py

    def value_text(self, t: Tok) -> str:
        raise NotImplementedError

    def _form(self, t: Tok) -> str:
        raise NotImplementedError

    def _ru_name(self, t: Tok) -> str | None:
        raise NotImplementedError

    def tool(self, t: Tok) -> tuple[str, str] | None:
        raise NotImplementedError

    def _pastime(self, o: Tok) -> str | None:
        raise NotImplementedError

    def tool_value(self, t: Tok) -> tuple[str, str] | None:
        raise NotImplementedError

    def city(self, t: Tok) -> str:
        raise NotImplementedError

    def _place(self, t: Tok) -> bool:
        raise NotImplementedError

    def _org(self, t: Tok) -> bool:
        raise NotImplementedError

    def _name(self, t: Tok) -> bool:
        raise NotImplementedError

    # verbs.py

    def _kind_of_pet(self, o: Tok) -> Tok | None:
        raise NotImplementedError

    def _clause(self, v: Tok, subj: str | None) -> Iterator[Extracted]:
        raise NotImplementedError

    def other_partner(self, t: Tok) -> bool:
        raise NotImplementedError

    def _cue_applies(self, v: Tok, cues: Sequence[str], before_is_apart: bool) -> bool:
        raise NotImplementedError

    def fact(self, subject: str, attribute: str, value: str, vtype: str) -> Extracted:
        raise NotImplementedError

    def _sane(self, f: Extracted) -> bool:
        raise NotImplementedError

    def obliques(self, v: Tok) -> list[tuple[str, Tok]]:
        raise NotImplementedError

    def _called(self, o: Tok) -> str | None:
        raise NotImplementedError

    def _car(self, o: Tok) -> str | None:
        raise NotImplementedError

    def _past_state(self, v: Tok) -> bool:
        raise NotImplementedError

    def _located(self, case: str, o: Tok, subj: str) -> Iterator[Extracted]:
        raise NotImplementedError

    def _pet_named(self) -> Iterator[Extracted]:
        raise NotImplementedError

    def job_title(self, o: Tok) -> str | None:
        raise NotImplementedError

    def _said_as_not_now(self, said: Tok) -> bool:
        raise NotImplementedError

    def _bounded_past(self, v: Tok) -> bool:
        raise NotImplementedError
