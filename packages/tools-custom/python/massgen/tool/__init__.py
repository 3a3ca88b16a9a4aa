"""What upstream MassGen tool files import from `massgen.tool`: results and `context_params`."""

from ._decorators import context_params
from ._result import AudioContent, ContentBlock, ExecutionResult, ImageContent, TextContent

__all__ = ["AudioContent", "ContentBlock", "ExecutionResult", "ImageContent", "TextContent", "context_params"]
