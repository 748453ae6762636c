"""The app's routes, one module per area: JSON under ``/api/``, pages elsewhere."""
