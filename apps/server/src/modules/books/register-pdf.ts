import { drawPageNumbers, openPdfA } from '../invoices/document/pdf-document.js';
import { COLORS, CONTENT_WIDTH, type Doc, FOOTER_Y, PAGE } from '../invoices/document/pdf-layout.js';

/**
 * Issue 18: a printable register (livre des recettes, registre des achats): a title, the owner's
 * identity, then tables of rows grouped by period (a month), each group closed by its total row, and a
 * grand total. Plain data, so it crosses to a PDF worker thread (pdf-pool.ts `renderRegisterPdf`).
 */
export interface RegisterColumn {
  label: string;
  /** Share of the page's width; the shares of a register add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

export interface RegisterGroup {
  /** e.g. « Mars 2026 ». */
  heading: string;
  rows: string[][];
  /** The group's total row (same columns; '' where nothing is summed). */
  total: string[];
}

export interface RegisterSpec {
  /** e.g. « Livre des recettes ». */
  title: string;
  /** Lines under the title: the owner's name, SIRET, address, the period covered. */
  subtitle: string[];
  columns: RegisterColumn[];
  groups: RegisterGroup[];
  /** The register's grand total row, when it has one. */
  grandTotal?: string[];
  /** Printed when there is no group at all. */
  emptyText: string;
}

const ROW_FONT = 8;
const CELL_PADDING = 3;

export async function renderRegisterPdf(spec: RegisterSpec): Promise<Buffer> {
  const { pdf, finished } = openPdfA({ Title: spec.title });

  pdf.font('bold').fontSize(16).fillColor(COLORS.ink).text(spec.title);
  pdf.font('regular').fontSize(9).fillColor(COLORS.muted);
  for (const line of spec.subtitle) pdf.text(line);
  pdf.moveDown();

  if (spec.groups.length === 0) {
    pdf.font('regular').fontSize(10).fillColor(COLORS.ink).text(spec.emptyText);
  }
  for (const group of spec.groups) {
    room(pdf, 60);
    pdf.font('bold').fontSize(11).fillColor(COLORS.ink).text(group.heading, PAGE.margin);
    pdf.moveDown(0.3);
    drawRow(
      pdf,
      spec.columns,
      spec.columns.map((c) => c.label),
      { bold: true, rule: true },
    );
    for (const row of group.rows) {
      if (room(pdf, rowHeight(pdf, spec.columns, row))) {
        drawRow(
          pdf,
          spec.columns,
          spec.columns.map((c) => c.label),
          { bold: true, rule: true },
        );
      }
      drawRow(pdf, spec.columns, row, {});
    }
    room(pdf, 20);
    drawRow(pdf, spec.columns, group.total, { bold: true, ruleAbove: true });
    pdf.moveDown();
  }
  if (spec.grandTotal) {
    room(pdf, 20);
    drawRow(pdf, spec.columns, spec.grandTotal, { bold: true, ruleAbove: true });
  }
  drawPageNumbers(pdf, spec.title);
  pdf.end();
  return finished;
}

function cellWidth(column: RegisterColumn): number {
  return column.width * CONTENT_WIDTH;
}

function rowHeight(pdf: Doc, columns: RegisterColumn[], cells: string[]): number {
  pdf.font('regular').fontSize(ROW_FONT);
  const heights = columns.map((column, i) =>
    pdf.heightOfString(cells[i] ?? '', { width: cellWidth(column) - 2 * CELL_PADDING }),
  );
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** Starts a new page when `height` would run into the footer; true when it did. */
function room(pdf: Doc, height: number): boolean {
  if (pdf.y + height <= FOOTER_Y - 20) return false;
  pdf.addPage();
  return true;
}

function drawRow(
  pdf: Doc,
  columns: RegisterColumn[],
  cells: string[],
  style: { bold?: boolean; rule?: boolean; ruleAbove?: boolean },
): void {
  const height = rowHeight(pdf, columns, cells);
  const top = pdf.y;
  if (style.ruleAbove) {
    pdf
      .moveTo(PAGE.margin, top)
      .lineTo(PAGE.margin + CONTENT_WIDTH, top)
      .strokeColor(COLORS.rule)
      .stroke();
  }
  pdf
    .font(style.bold ? 'bold' : 'regular')
    .fontSize(ROW_FONT)
    .fillColor(COLORS.ink);
  let x = PAGE.margin;
  columns.forEach((column, i) => {
    pdf.text(cells[i] ?? '', x + CELL_PADDING, top + CELL_PADDING, {
      width: cellWidth(column) - 2 * CELL_PADDING,
      align: column.align ?? 'left',
    });
    x += cellWidth(column);
  });
  const bottom = top + height;
  if (style.rule) {
    pdf
      .moveTo(PAGE.margin, bottom)
      .lineTo(PAGE.margin + CONTENT_WIDTH, bottom)
      .strokeColor(COLORS.rule)
      .stroke();
  }
  pdf.x = PAGE.margin;
  pdf.y = bottom;
}
