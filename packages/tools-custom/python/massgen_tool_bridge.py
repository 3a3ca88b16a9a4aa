"""MassGen-TS's bridge to Python tool functions.

One bridge runs per run, started by @massgen/tools-custom; requests and replies are JSON lines
on stdin and stdout. Each call runs in a forked child in a process group of its own, so that
cancelling it (a timeout, the end of a turn or of the run) kills the call's work, including
any process it started, while the bridge and the modules it loaded stay. What tools print goes
to stderr: stdout carries only replies.

Requests: {"id", "op": "check", "path"}            the file compiles (nothing runs)
          {"id", "op": "load", "path", "functions", "hidden"}
          {"id", "op": "call", "path", "function", "args", "cwd", "max_chars"}
          {"op": "cancel", "id"}
"""

import asyncio
import collections.abc
import enum
import importlib.util
import inspect
import json
import os
import re
import selectors
import signal
import sys
import traceback
import types
import typing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
replies = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

modules = {}
calls = {}
selector = selectors.DefaultSelector()


class ToolFileError(Exception):
    def __init__(self, kind, message, file=None, line=None):
        super().__init__(message)
        self.details = {"kind": kind, "message": message}
        if file is not None:
            self.details["file"] = file
        if line is not None:
            self.details["line"] = line


def reply(message):
    replies.write(json.dumps(message, default=str) + "\n")


def located_error(error, path):
    """The kind of a load error, its message, and the line of the tool file it points at."""
    if isinstance(error, SyntaxError):
        return ToolFileError("syntax", f"{type(error).__name__}: {error.msg}", error.filename or path, error.lineno)
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if os.path.abspath(frame.filename) == path:
            line = frame.lineno
    kind = "import" if isinstance(error, ImportError) else "error"
    return ToolFileError(kind, f"{type(error).__name__}: {error}", path, line)


def check(path):
    with open(path, "rb") as source:
        text = source.read()
    try:
        compile(text, path, "exec")
    except SyntaxError as error:
        raise located_error(error, path) from None


def load_module(path):
    if path in modules:
        return modules[path]
    name = "massgen_custom_tool_" + re.sub(r"\W", "_", path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ToolFileError("error", "not a Python file", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    directory = os.path.dirname(path)
    if directory not in sys.path:
        sys.path.append(directory)
    try:
        spec.loader.exec_module(module)
    except BaseException as error:  # noqa: B036 - a tool file may raise anything at import, SystemExit included
        del sys.modules[name]
        raise located_error(error, path) from None
    modules[path] = module
    return module


def public_functions(module):
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and inspect.isfunction(value) and value.__module__ == module.__name__
    ]


def parse_docstring(text):
    """The summary, and each parameter's description, of a Google-style or reST docstring."""
    lines = text.splitlines()
    summary = []
    index = 0
    while index < len(lines) and lines[index].strip():
        summary.append(lines[index].strip())
        index += 1
    parameters = {}
    section = None
    current = None
    parameter_indent = None
    for line in lines[index:]:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        heading = re.match(r"^(\w+(?: \w+)?):$", stripped)
        if heading and indent <= (parameter_indent or 10**6):
            section = heading.group(1).lower()
            current = None
            parameter_indent = None
            continue
        rest = re.match(r"^:param\s+(?:[^:]+\s)?(\w+):\s*(.*)$", stripped)
        if rest:
            current = rest.group(1)
            parameters[current] = rest.group(2)
            continue
        if section not in ("args", "arguments", "parameters", "params", "keyword args") or not stripped:
            continue
        entry = re.match(r"^\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$", stripped)
        if entry and (parameter_indent is None or indent <= parameter_indent):
            parameter_indent = indent
            current = entry.group(1)
            parameters[current] = entry.group(2)
        elif current is not None:
            parameters[current] = (parameters[current] + " " + stripped).strip()
    return " ".join(summary), parameters


def type_schema(annotation):
    """The JSON Schema of a type hint, as far as JSON can say it; {} (anything) otherwise."""
    if annotation in (inspect.Parameter.empty, typing.Any) or isinstance(annotation, str):
        return {}
    if annotation in (None, type(None)):
        return {"type": "null"}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "object"}
    if annotation in simple:
        return {"type": simple[annotation]}
    if inspect.isclass(annotation) and issubclass(annotation, enum.Enum):
        return {"enum": [member.value for member in annotation]}
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_schema(arguments[0])
    if origin is typing.Union or (hasattr(types, "UnionType") and origin is types.UnionType):
        return {"anyOf": [type_schema(argument) for argument in arguments]}
    if origin is typing.Literal:
        return {"enum": list(arguments)}
    sequences = (list, tuple, set, frozenset, collections.abc.Sequence, collections.abc.Iterable)
    if annotation in sequences or origin in sequences:
        return {"type": "array", "items": type_schema(arguments[0]) if arguments else {}}
    if origin in (dict, collections.abc.Mapping):
        schema = {"type": "object"}
        if len(arguments) == 2 and type_schema(arguments[1]):
            schema["additionalProperties"] = type_schema(arguments[1])
        return schema
    return {}


def describe_function(function, hidden):
    """The tool a function makes: its description and the JSON Schema of what the model gives it."""
    summary, documented = parse_docstring(inspect.getdoc(function) or "")
    try:
        hints = typing.get_type_hints(function, include_extras=True)
    except Exception:  # noqa: BLE001 - an unresolvable hint leaves that parameter untyped, as upstream does
        hints = {}
    context = set(getattr(function, "__context_params__", ()))
    properties = {}
    required = []
    accepted = []
    accepts_any = False
    for name, parameter in inspect.signature(function).parameters.items():
        if parameter.kind == parameter.VAR_KEYWORD:
            accepts_any = True
            continue
        if parameter.kind == parameter.VAR_POSITIONAL or name in ("self", "cls"):
            continue
        accepted.append(name)
        if name in hidden or name in context or name == "agent_cwd":
            continue
        schema = type_schema(hints.get(name, parameter.annotation))
        if documented.get(name):
            schema["description"] = documented[name]
        if parameter.default is parameter.empty:
            required.append(name)
        else:
            try:
                json.dumps(parameter.default)
                schema["default"] = parameter.default
            except (TypeError, ValueError):
                pass
        properties[name] = schema
    return {
        "description": summary,
        "parameters": {"type": "object", "properties": properties, "required": required},
        "accepts": accepted,
        "acceptsAny": accepts_any,
        "context": sorted(context),
    }


def load(request):
    path = request["path"]
    module = load_module(path)
    defined = public_functions(module)
    names = request.get("functions") or ([] if not defined else [defined[0]])
    hidden = set(request.get("hidden") or [])
    tools = []
    for name in names:
        function = getattr(module, name, None)
        if not callable(function):
            available = ", ".join(defined) or "no public functions"
            raise ToolFileError("missing", f'has no function "{name}"; it defines {available}', path)
        tools.append({"function": name, **describe_function(function, hidden)})
    return {"tools": tools}


def result_text(result):
    """The text the model gets: an ExecutionResult's text blocks, a string as it is, JSON otherwise."""
    if result is None:
        return ""
    if isinstance(result, str):
        return result
    blocks = getattr(result, "output_blocks", None)
    if isinstance(blocks, list):
        parts = []
        for block in blocks:
            kind = getattr(block, "block_type", "text")
            data = getattr(block, "data", "")
            parts.append(str(data) if kind == "text" else f"[{kind} output of {len(str(data))} characters left out]")
        return "\n".join(parts)
    try:
        return json.dumps(result, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(result)


async def last_of(values):
    last = None
    async for value in values:
        last = value
    return last


async def awaited(value):
    return await value


def invoke(function, arguments):
    """Calls a sync or async function (or generator); a generator's last value is its result."""
    result = function(**arguments)
    if inspect.isasyncgen(result):
        return asyncio.run(last_of(result))
    if inspect.isawaitable(result):
        result = asyncio.run(awaited(result))
    if inspect.isgenerator(result):
        last = None
        for value in result:
            last = value
        return last
    return result


def run_call(request, write_end):
    """In the forked child: the call's result or error, as one JSON document on `write_end`."""
    try:
        if hasattr(signal, "SIGINT"):
            signal.signal(signal.SIGINT, signal.SIG_DFL)
        die_with_bridge()
        if request.get("cwd"):
            os.chdir(request["cwd"])
        function = getattr(modules[request["path"]], request["function"])
        text = result_text(invoke(function, request.get("args") or {}))
        limit = request.get("max_chars")
        if isinstance(limit, int) and len(text) > limit:
            text = text[:limit] + f"\n[... {len(text) - limit} more characters left out]"
        outcome = {"ok": True, "text": text}
    except BaseException as error:  # noqa: B036 - whatever the tool raises goes back to the model
        outcome = {"ok": False, "error": {"message": f"{type(error).__name__}: {error}", "traceback": tool_traceback(error)}}
    data = json.dumps(outcome, default=str).encode("utf-8")
    while data:
        written = os.write(write_end, data)
        data = data[written:]
    os._exit(0)


def tool_traceback(error):
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename != __file__]
    return "".join(traceback.format_list(frames[-5:]))


def find_prctl():
    """Linux's prctl, looked up once in the bridge: loading ctypes in every call's child costs milliseconds."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None).prctl
    except (OSError, AttributeError):
        return None


prctl = find_prctl()


def die_with_bridge():
    """On Linux, the child is killed when the bridge dies, however it dies."""
    if prctl is not None:
        prctl(1, signal.SIGKILL)


def start_call(request):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.close(read_end)
        run_call(request, write_end)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    os.close(write_end)
    os.set_blocking(read_end, False)
    calls[request["id"]] = {"pid": pid, "fd": read_end, "chunks": [], "cancelled": False}
    selector.register(read_end, selectors.EVENT_READ, ("call", request["id"]))


def finish_call(call_id):
    call = calls.pop(call_id)
    selector.unregister(call["fd"])
    os.close(call["fd"])
    _, status = os.waitpid(call["pid"], 0)
    if call["cancelled"]:
        reply({"id": call_id, "ok": False, "cancelled": True})
        return
    data = b"".join(call["chunks"])
    try:
        outcome = json.loads(data.decode("utf-8")) if data else None
    except ValueError:
        outcome = None
    if outcome is None:
        ended = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit code {os.WEXITSTATUS(status)}"
        outcome = {"ok": False, "error": {"message": f"the tool's process ended ({ended}) without a result"}}
    reply({"id": call_id, **outcome})


def kill_call(call):
    try:
        os.killpg(call["pid"], signal.SIGKILL)
    except OSError:
        pass


def handle(request):
    operation = request.get("op")
    if operation == "cancel":
        call = calls.get(request.get("id"))
        if call is not None:
            call["cancelled"] = True
            kill_call(call)
        return
    try:
        if operation == "check":
            check(request["path"])
            reply({"id": request["id"], "ok": True})
        elif operation == "load":
            reply({"id": request["id"], "ok": True, **load(request)})
        elif operation == "call":
            start_call(request)
        else:
            reply({"id": request.get("id"), "ok": False, "error": {"message": f"unknown request {operation!r}"}})
    except ToolFileError as error:
        reply({"id": request["id"], "ok": False, "error": error.details})
    except OSError as error:
        reply({"id": request["id"], "ok": False, "error": {"kind": "error", "message": str(error), "file": request.get("path")}})


def main():
    os.set_blocking(0, False)
    selector.register(0, selectors.EVENT_READ, ("requests", None))
    pending = b""
    while True:
        for key, _ in selector.select():
            kind, call_id = key.data
            if kind == "call":
                try:
                    chunk = os.read(key.fd, 65536)
                except BlockingIOError:
                    continue
                if chunk:
                    calls[call_id]["chunks"].append(chunk)
                else:
                    finish_call(call_id)
                continue
            try:
                chunk = os.read(0, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                for call in list(calls.values()):
                    kill_call(call)
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.strip():
                    handle(json.loads(line))


if __name__ == "__main__":
    main()
