"""Turning a model's text into a validated JSON object. Model output is untrusted input.

``parse_json(text, schema)``: drop ``<think>...</think>`` reasoning, prefer the body of a
```json fence, take the first JSON object that decodes, and validate it against a small subset
of JSON Schema implemented here (``type`` incl. lists of types, ``properties``, ``required``,
``additionalProperties: false``, ``items``, ``enum``, ``minimum``/``maximum``, ``minLength``/``maxLength``,
``minItems``/``maxItems``). Our own subset keeps the core free of a dependency; the tests check its verdicts
against the ``jsonschema`` package as a reference implementation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from memlab.llm.errors import LLMOutputError

_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_OPEN_THINK = re.compile(r"<think>.*\Z", re.S | re.I)
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)
_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "object": (dict,),
    "array": (list,),
    "null": (type(None),),
}


def strip_think(text: str) -> str:
    """Remove reasoning blocks; also a bare leading block closed by ``</think>`` or left open."""
    text = _THINK.sub("", text)
    if "</think>" in text.lower():
        text = text[text.lower().rindex("</think>") + len("</think>") :]
    return _OPEN_THINK.sub("", text).strip()


def strip_fences(text: str) -> str:
    """The body of the first fenced code block, or the text itself when there is none."""
    m = _FENCE.search(text)
    return m.group(1).strip() if m else text


def extract_json_object(text: str) -> dict[str, Any]:
    """The first ``{...}`` in ``text`` that decodes as a JSON object."""
    cleaned = strip_fences(strip_think(text))
    decoder = json.JSONDecoder()
    start = cleaned.find("{")
    while start != -1:
        try:
            obj, _ = decoder.raw_decode(cleaned, start)
        except json.JSONDecodeError:
            start = cleaned.find("{", start + 1)
            continue
        if isinstance(obj, dict):
            return obj
        start = cleaned.find("{", start + 1)
    raise LLMOutputError(f"no JSON object in model output: {_snippet(text)}")


def parse_json(text: str, schema: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Extract the first JSON object from ``text`` and validate it (raises ``LLMOutputError``)."""
    obj = extract_json_object(text)
    if schema is not None:
        validate(obj, schema)
    return obj


def validate(value: Any, schema: Mapping[str, Any]) -> None:
    """Raise ``LLMOutputError`` naming the first path that breaks ``schema``."""
    problem = first_error(value, schema)
    if problem is not None:
        raise LLMOutputError(f"model output does not match the schema: {problem}")


def first_error(value: Any, schema: Mapping[str, Any], path: str = "$") -> str | None:
    """The first violation as ``"$.facts[0].type: ..."``, or None if ``value`` is valid."""
    for check in (_check_type, _check_enum, _check_bounds, _check_object, _check_array):
        problem = check(value, schema, path)
        if problem is not None:
            return problem
    return None


def _is_type(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _TYPES.get(name, object))


def _check_type(value: Any, schema: Mapping[str, Any], path: str) -> str | None:
    wanted = schema.get("type")
    if wanted is None:
        return None
    names = [wanted] if isinstance(wanted, str) else list(wanted)
    if any(_is_type(value, n) for n in names):
        return None
    return f"{path}: expected {' or '.join(names)}, got {_json_type(value)}"


def _check_enum(value: Any, schema: Mapping[str, Any], path: str) -> str | None:
    if "enum" in schema and value not in schema["enum"]:
        return f"{path}: {value!r} is not one of {list(schema['enum'])}"
    return None


def _check_bounds(value: Any, schema: Mapping[str, Any], path: str) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"{path}: {value} is below the minimum {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{path}: {value} is above the maximum {schema['maximum']}"
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        return f"{path}: string shorter than {schema['minLength']}"
    if isinstance(value, str) and "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"{path}: string longer than {schema['maxLength']}"
    if isinstance(value, list) and len(value) < schema.get("minItems", 0):
        return f"{path}: fewer than {schema['minItems']} items"
    if isinstance(value, list) and "maxItems" in schema and len(value) > schema["maxItems"]:
        return f"{path}: more than {schema['maxItems']} items"
    return None


def _check_object(value: Any, schema: Mapping[str, Any], path: str) -> str | None:
    if not isinstance(value, dict):
        return None
    for name in schema.get("required", ()):
        if name not in value:
            return f"{path}: missing required property {name!r}"
    props = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        extra = sorted(set(value) - set(props))
        if extra:
            return f"{path}: unexpected properties {extra}"
    for name, sub in props.items():
        if name in value:
            problem = first_error(value[name], sub, f"{path}.{name}")
            if problem is not None:
                return problem
    return None


def _check_array(value: Any, schema: Mapping[str, Any], path: str) -> str | None:
    items = schema.get("items")
    if not isinstance(value, list) or not isinstance(items, Mapping):
        return None
    for i, item in enumerate(value):
        problem = first_error(item, items, f"{path}[{i}]")
        if problem is not None:
            return problem
    return None


def _json_type(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _is_type(value, name):
            return name
    return type(value).__name__


def _snippet(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "...")
