// The PDF receipt of an order (/pdf/report?code), drawn on the server with pdfkit. Chinese text
// needs a CJK TrueType font (PDF_FONT_PATH, Debian's fonts-wqy-microhei by default); pdfkit embeds
// only the glyphs used, so a receipt stays a few dozen kilobytes.
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { DownloadResult } from '@bo/api-sdk';
import { formatAmount, fromCents, toChineseCurrency, shanghaiDateTime } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { notConfigured, notFound } from '../../http/errors.js';
import type { OrderReceipt } from './orders.js';

const FONT = 'cjk';
const MARGIN = 48;

/** Shanghai wall-clock time to the minute, as the campus reads it: '2026-11-29 09:21'. */
const shanghai = (d: Date) => shanghaiDateTime(d).slice(0, 16);

const yuan = (cents: number) => `¥${formatAmount(fromCents(cents))}`;

/** The receipt of the order with this code, as a PDF download; 404 unknown, 403 another campus. */
export async function receiptPdf(deps: AppDeps, u: AuthUser, code: string): Promise<DownloadResult> {
  const order = await deps.db.transaction((tx) => deps.ports.ordersForPayments.orderForReceipt(tx, code));
  if (!order) throw notFound(`订单 ${code} / order ${code}`);
  assertCampus(u, order.schoolItemCode);
  const body = await renderReceipt(order, {
    fontPath: deps.config.PDF_FONT_PATH,
    fontName: deps.config.PDF_FONT_NAME,
    printedAt: deps.now(),
  });
  return { filename: `receipt-${order.code}.pdf`, contentType: 'application/pdf', body };
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** Draws the receipt; answers the PDF bytes. */
export async function renderReceipt(
  order: OrderReceipt,
  o: { fontPath: string; fontName: string; printedAt: Date },
): Promise<Uint8Array> {
  if (!existsSync(o.fontPath))
    throw notConfigured(
      `PDF中文字体 ${o.fontPath}（PDF_FONT_PATH，如 Debian 的 fonts-wqy-microhei） / the PDF font ${o.fontPath} (PDF_FONT_PATH, e.g. Debian's fonts-wqy-microhei)`,
    );
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `收款收据 ${order.code}`, Author: 'Back office', CreationDate: o.printedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  if (o.fontPath.toLowerCase().endsWith('.ttc')) doc.registerFont(FONT, o.fontPath, o.fontName);
  else doc.registerFont(FONT, o.fontPath);
  doc.font(FONT);

  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(18).text('收款收据 Receipt', { align: 'center' });
  doc.moveDown(0.6);
  doc.fontSize(10);
  const facts: [string, string][] = [
    ['订单编号 Order', order.code],
    ['校区 Campus', `${order.campusName} (${order.schoolItemCode})`],
    ['学员 Student', `${order.studentName} (${order.studentCode})`],
    ['订单类型 Type', order.orderType],
    ['状态 Status', order.status],
    ['下单时间 Created', shanghai(order.createdAt)],
  ];
  for (const [k, v] of facts) doc.text(`${k}：${v}`);
  doc.moveDown(0.8);

  const itemCols: Column[] = [
    { title: '课程 Course', width: width * 0.34 },
    { title: '单位 Unit', width: width * 0.1 },
    { title: '数量 Qty', width: width * 0.11, align: 'right' },
    { title: '赠送 Gift', width: width * 0.11, align: 'right' },
    { title: '单价 Price', width: width * 0.16, align: 'right' },
    { title: '金额 Amount', width: width * 0.18, align: 'right' },
  ];
  table(
    doc,
    itemCols,
    order.items.map((i) => [
      i.courseName,
      i.unit,
      i.quantity,
      i.giftQuantity,
      yuan(i.unitPriceCents),
      yuan(i.amountCents),
    ]),
  );
  doc.moveDown(0.6);
  doc.text(`原价合计 List price：${yuan(order.listCents)}`, { align: 'right' });
  doc.text(`优惠 Discount：-${yuan(order.discountCents)}`, { align: 'right' });
  doc.fontSize(12).text(`应付金额 Amount due：${yuan(order.payableCents)}`, { align: 'right' });
  doc.text(`大写 In words：${toChineseCurrency(fromCents(order.payableCents))}`, { align: 'right' });
  doc.fontSize(10).text(`已收 Received：${yuan(order.paidCents)}`, { align: 'right' });
  doc.moveDown(1);

  doc.fontSize(12).text('收款记录 Payments', MARGIN);
  doc.moveDown(0.3).fontSize(10);
  if (order.payments.length === 0) doc.text('暂无 None');
  else
    table(
      doc,
      [
        { title: '方式 Method', width: width * 0.16 },
        { title: '付款方 Payer', width: width * 0.14 },
        { title: '金额 Amount', width: width * 0.16, align: 'right' },
        { title: '时间 Paid at', width: width * 0.2 },
        { title: '流水号 Reference', width: width * 0.22 },
        { title: '状态 Status', width: width * 0.12 },
      ],
      order.payments.map((p) => [
        p.method,
        p.payer,
        yuan(p.amountCents),
        shanghai(p.paidAt),
        p.reference ?? '',
        p.status,
      ]),
    );
  doc.moveDown(1.5);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(`打印时间 Printed：${shanghai(o.printedAt)}`, MARGIN);
  doc.end();
  return done;
}

/** A plain ruled table from the current position; rows break onto a new page when needed. */
function table(doc: PDFKit.PDFDocument, cols: Column[], rows: string[][]) {
  const rowOf = (cells: string[], bold: boolean) => {
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: (cols[i]?.width ?? 60) - 6 }));
    const h = Math.max(...heights, 12) + 6;
    if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    if (bold)
      doc
        .rect(
          MARGIN,
          y,
          cols.reduce((s, c) => s + c.width, 0),
          h,
        )
        .fill('#eeeeee')
        .fillColor('#000000');
    cells.forEach((c, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(c, x + 3, y + 3, { width: col.width - 6, align: col.align ?? 'left' });
      x += col.width;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(x, y + h)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };
  rowOf(
    cols.map((c) => c.title),
    true,
  );
  for (const r of rows) rowOf(r, false);
}
