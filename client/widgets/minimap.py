"""The overview minimap: the whole world small, the camera's view as a rectangle; click or
drag on it to move the camera there."""
from __future__ import annotations

import pygame

from .. import colours
from ..camera import Camera
from ..render_map import MapRenderer
from .base import Widget

SIZE = (220, 160)


class Minimap(Widget):
    def __init__(self, renderer: MapRenderer, camera: Camera, corner: tuple[int, int]) -> None:
        self.renderer, self.camera = renderer, camera
        self.image: pygame.Surface | None = None
        self.zoom = 1.0
        super().__init__((0, 0, 0, 0))
        self.place(corner)
        self.dragging = False

    def place(self, bottom_right: tuple[int, int]) -> None:
        """Put the minimap in the corner ``bottom_right``. Its size is known from the world's
        bounds; the image itself is rendered on first draw."""
        self.corner = bottom_right
        x, y, w, h = self.renderer.world.bounds
        self.zoom = min(SIZE[0] / max(w, 1.0), SIZE[1] / max(h, 1.0))
        iw, ih = max(1, round(w * self.zoom)), max(1, round(h * self.zoom))
        self.rect = pygame.Rect(bottom_right[0] - iw - 8, bottom_right[1] - ih - 8, iw + 4, ih + 4)

    def _world(self, pos: tuple[int, int]) -> tuple[float, float]:
        bx, by = self.renderer.world.bounds[:2]
        return (pos[0] - self.rect.x - 2) / self.zoom + bx, (pos[1] - self.rect.y - 2) / self.zoom + by

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self.camera.center_on(*self._world(event.pos))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.camera.center_on(*self._world(event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.image is None:
            self.image, self.zoom = self.renderer.render_overview(*SIZE)
        pygame.draw.rect(surf, colours.UI_EDGE, self.rect)
        surf.blit(self.image, (self.rect.x + 2, self.rect.y + 2))
        bx, by = self.renderer.world.bounds[:2]
        x, y, w, h = self.camera.world_rect()
        r = pygame.Rect(self.rect.x + 2 + round((x - bx) * self.zoom), self.rect.y + 2 + round((y - by) * self.zoom),
                        max(3, round(w * self.zoom)), max(3, round(h * self.zoom)))
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        pygame.draw.rect(surf, colours.SELECT, r, 2)
        surf.set_clip(clip)
