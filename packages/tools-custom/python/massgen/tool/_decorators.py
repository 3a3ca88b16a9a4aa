"""`context_params`: parameters the runtime fills in, never shown to the model."""


def context_params(*names):
    """Marks parameters that MassGen fills in (`agent_id`, `agent_cwd`) instead of the model."""

    def mark(function):
        function.__context_params__ = set(names)
        return function

    return mark
