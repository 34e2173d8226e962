/**
 * A cursor over pdfkit pages: it tracks the height written so far, starts a page when the next block
 * would not fit (repeating a table's header), and shrinks a figure's font rather than wrap it.
 */
import type PDFDocument from 'pdfkit';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 36;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT - LEFT;
// Room kept at the foot of every page for its "Page n of m".
const FOOT = 24;
const BOTTOM = PAGE_HEIGHT - MARGIN - FOOT;

export type Font = 'regular' | 'bold';

export interface TextStyle {
  font?: Font;
  size?: number;
  align?: 'left' | 'right' | 'center';
  /** Shrink the text (down to 5 pt) to keep it on one line instead of wrapping it. */
  oneLine?: boolean;
}

export class Layout {
  y = MARGIN;
  private onNewPage: (() => void) | null = null;

  constructor(readonly pdf: PDFKit.PDFDocument) {}

  /** Makes room for `height`: a new page (and the repeated header, if any) when it would not fit. */
  ensure(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.pdf.addPage();
    this.y = MARGIN;
    this.onNewPage?.();
  }

  /** While `fn` runs, every new page first calls `header` (a table's column titles). */
  withPageHeader(header: () => void, fn: () => void) {
    this.onNewPage = header;
    try {
      fn();
    } finally {
      this.onNewPage = null;
    }
  }

  private sizeFor(text: string, width: number, style: TextStyle): number {
    const size = style.size ?? 9;
    if (!style.oneLine) return size;
    this.pdf.font(style.font ?? 'regular');
    let fitted = size;
    while (fitted > 5 && this.pdf.fontSize(fitted).widthOfString(text) > width) fitted -= 0.5;
    return fitted;
  }

  /** The height `text` takes in a box of `width`. */
  height(text: string, width: number, style: TextStyle = {}): number {
    const size = this.sizeFor(text, width, style);
    this.pdf.font(style.font ?? 'regular').fontSize(size);
    return style.oneLine ? this.pdf.currentLineHeight(true) : this.pdf.heightOfString(text, { width });
  }

  /** Writes `text` in a box at (x, y) without moving the cursor; returns the height used. */
  textAt(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const size = this.sizeFor(text, width, style);
    this.pdf
      .font(style.font ?? 'regular')
      .fontSize(size)
      .text(text, x, y, { width, align: style.align ?? 'left', lineBreak: !style.oneLine });
    return this.height(text, width, style);
  }

  /** Writes lines in a column at the cursor's height; returns the height used (the cursor stays). */
  column(lines: readonly { text: string; style?: TextStyle }[], x: number, width: number): number {
    let used = 0;
    for (const line of lines) used += this.textAt(line.text, x, this.y + used, width, line.style);
    return used;
  }

  rule(y = this.y, color = '#999999') {
    this.pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();
  }

  fill(x: number, y: number, width: number, height: number, color: string) {
    this.pdf.rect(x, y, width, height).fillColor(color).fill().fillColor('black');
  }

  /** "Page n of m" at the foot of every page, once all pages exist (the document buffers them). */
  numberPages() {
    const range = this.pdf.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.pdf.switchToPage(range.start + i);
      const bottomMargin = this.pdf.page.margins.bottom;
      this.pdf.page.margins.bottom = 0;
      this.textAt(`Page ${i + 1} of ${range.count}`, LEFT, PAGE_HEIGHT - MARGIN - 10, CONTENT_WIDTH, {
        size: 7,
        align: 'center',
        oneLine: true,
      });
      this.pdf.page.margins.bottom = bottomMargin;
    }
  }
}

export type { PDFDocument };
