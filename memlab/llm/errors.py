"""What a chat model raises; below both the client and the JSON parser, which share them."""

from __future__ import annotations


class LLMError(RuntimeError):
    """A chat model gave no usable answer. ``calls``/tokens say what the attempts cost."""

    def __init__(self, message: str, calls: int = 0, prompt_tokens: int = 0, completion_tokens: int = 0):
        super().__init__(message)
        self.calls = calls
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens


class LLMRefusal(LLMError):
    """The model refused (``message.refusal`` set or ``finish_reason == "content_filter"``)."""


class LLMOutputError(LLMError):
    """The answer was not the JSON we asked for (no object, or it breaks the schema)."""


class LLMUnavailable(LLMError):
    """The server could not be reached or did not answer in time (nothing about the input)."""
