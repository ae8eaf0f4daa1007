"""Old keyword names of the client's methods, kept working for one release: each warns
(DeprecationWarning) and is passed on under its new name, the command table's."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def renamed(**new_names: str) -> Callable[[F], F]:
    """``@renamed(prop="property")``: a call with ``prop=`` warns and passes ``property=``."""

    def wrap(function: F) -> F:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            for old, new in new_names.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"Give {new}= (the new name of {old}=), not both.")
                    warnings.warn(
                        f"{function.__name__}(): '{old}' is now '{new}'.",
                        DeprecationWarning,
                        stacklevel=2,
                    )
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return cast(F, call)

    return wrap
