#!/usr/bin/env python3
"""Draws the app icon (same shapes as assets/icon.svg) as PNGs and a Windows .ico. Needs Pillow.
Run from the repository root: python3 dist/make_icons.py"""
from PIL import Image, ImageDraw

S = 1024
img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
d = ImageDraw.Draw(img)
d.rounded_rectangle((32, 32, 992, 992), 200, fill="#12343b")
d.rounded_rectangle((152, 300, 872, 700), 48, fill="#e8f1f2")
d.rounded_rectangle((200, 700, 500, 770), 16, fill="#c9a227")
d.rounded_rectangle((560, 700, 670, 770), 16, fill="#c9a227")
d.ellipse((580, 380, 820, 620), fill="#12343b")
d.ellipse((660, 460, 740, 540), fill="#e8f1f2")
for y in (370, 460, 550):
    d.rounded_rectangle((220, y, 520, y + 60), 12, fill="#2d6e7e")
pts = [(96, 860), (330, 860), (400, 780), (470, 930), (540, 820), (600, 860), (928, 860)]
d.line(pts, fill="#ef5350", width=44, joint="curve")
for x, y in (pts[0], pts[-1]):
    d.ellipse((x - 22, y - 22, x + 22, y + 22), fill="#ef5350")

for size in (16, 24, 32, 48, 64, 128, 256, 512):
    img.resize((size, size), Image.LANCZOS).save(f"assets/icons/vram-doctor-{size}.png")
img.resize((256, 256), Image.LANCZOS).save("assets/icon-256.png")
img.save("assets/icon.ico", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
