"""The web app's routes, one module per resource; ``parlour.web.app`` includes them all."""
