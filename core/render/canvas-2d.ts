// The part of the Canvas 2D API the renderer draws with. Both the browser's
// OffscreenCanvasRenderingContext2D and @napi-rs/canvas's SKRSContext2D satisfy it; core/ cannot
// name either (it sees no DOM and no Node types), so the hosts cast their context to this once.

/** An image a host has decoded: an ImageBitmap in the browser, a canvas Image on the server. */
export interface RenderImage {
  readonly width: number;
  readonly height: number;
}

/** A gradient made by the context. */
export interface Gradient2D {
  addColorStop(offset: number, color: string): void;
}

/** A pattern made by a context; its transform maps the picture into the user space it fills. */
export interface Pattern2D {
  setTransform(transform: {
    a: number;
    b: number;
    c: number;
    d: number;
    e: number;
    f: number;
  }): void;
}

export type CompositeOperation =
  | 'source-over'
  | 'lighter'
  | 'multiply'
  | 'screen'
  | 'overlay'
  | 'destination-out'
  | 'destination-in'
  | 'source-atop';

/** Pixels read from a context (an ImageData in the browser and on the server). */
export interface PixelData {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

export interface Canvas2D {
  /** The canvas drawn on; its size is in its own pixels, which a preview scales (scaled-context). */
  readonly canvas: { readonly width: number; readonly height: number };
  globalAlpha: number;
  globalCompositeOperation: CompositeOperation | string;
  fillStyle: string | Gradient2D | Pattern2D;
  strokeStyle: string | Gradient2D | Pattern2D;
  lineWidth: number;
  lineCap: 'butt' | 'round' | 'square';
  lineJoin: 'bevel' | 'miter' | 'round';
  shadowBlur: number;
  shadowColor: string;
  shadowOffsetX: number;
  shadowOffsetY: number;
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  /** Order of the text's runs: 'rtl' for Arabic and Hebrew lines (the lyrics layer sets it). */
  direction: 'ltr' | 'rtl' | 'inherit';
  imageSmoothingEnabled: boolean;
  /** CSS filter string such as 'blur(24px)'; 'none' to clear. Costly: use in prepare, not per frame. */
  filter: string;

  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  resetTransform(): void;

  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;

  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number, ccw?: boolean): void;
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
    ccw?: boolean,
  ): void;
  rect(x: number, y: number, w: number, h: number): void;
  roundRect(x: number, y: number, w: number, h: number, radii?: number | number[]): void;
  fill(): void;
  stroke(): void;
  clip(): void;

  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  strokeText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): { width: number };

  drawImage(image: RenderImage, dx: number, dy: number): void;
  drawImage(image: RenderImage, dx: number, dy: number, dw: number, dh: number): void;
  drawImage(
    image: RenderImage,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;

  /** The canvas's pixels, whatever the transform: slow on a GPU canvas, so only where needed. */
  getImageData(x: number, y: number, w: number, h: number): PixelData;
  putImageData(image: PixelData, x: number, y: number): void;

  createLinearGradient(x0: number, y0: number, x1: number, y1: number): Gradient2D;
  createRadialGradient(
    x0: number,
    y0: number,
    r0: number,
    x1: number,
    y1: number,
    r1: number,
  ): Gradient2D;
  createPattern(image: RenderImage, repetition: 'repeat' | 'no-repeat'): Pattern2D | null;
}

/** An offscreen surface a template can draw into once (in prepare) and reuse every frame. */
export interface Surface {
  readonly ctx: Canvas2D;
  /** The surface as something drawImage accepts. */
  readonly image: RenderImage;
}

/** What the host (browser worker or server) provides to the renderer besides the frame's context. */
export interface RenderHost {
  createSurface(width: number, height: number): Surface;
}
