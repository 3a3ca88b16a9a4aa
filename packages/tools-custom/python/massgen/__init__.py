"""The part of upstream MassGen's `massgen` package that tool files import, provided by MassGen-TS."""
