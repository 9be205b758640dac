"""The bridge between the engine and the site: build-time macros, and (later) the widget."""
