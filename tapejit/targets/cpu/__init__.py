"""The CPU target: its op table (:mod:`.ops`), the kernel renderer
(:mod:`.codegen`) and native translator (:mod:`.native`, :mod:`.native_plan`),
and the runtime (:mod:`.executable`, :mod:`.one_call`, :mod:`.lowering` and
its step runner, the caches)."""
