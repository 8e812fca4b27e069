// Pay online: a WeChat Pay QR code for what the family still owes on an order, polled until the
// gateway confirms it (the server records the payment, from the notification or from this poll).
// The order screens mount it: <PayOnlineDialog order={{ id, code, schoolItemCode }} onClose={…} />;
// an instalment term's dialog watches its own QR code with the same hook (useWatchedPayment).
// Also the receipt button (/pdf/report) those screens show.
import { ApiError, type OnlinePayment, type PaymentResult } from '@bo/api-sdk';
import { AmountCapitals, Button, Dialog, MoneyText, Spinner, formatMoney } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { create as createQr } from 'qrcode';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { invalidateAfter } from '../../app/invalidation';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { pickLanguage } from '../../i18n/bilingual';
import { useLocale, useT } from '../../i18n';

/** How often the screen asks for the payment's state (ms). */
export const POLL_MS = 3000;
/** WeChat Pay Native, the only online method (payMethodType 1). */
const WECHAT_NATIVE = 1;

export interface PayOnlineOrder {
  id: number;
  code: string;
  schoolItemCode: string;
}

type Result = z.output<typeof PaymentResult>;
type Payment = z.output<typeof OnlinePayment>;

/**
 * A QR code made by `create`, watched until the gateway confirms it: its own trade is asked for
 * every POLL_MS while it is shown and valid (the query stops with the component), never after it
 * expired, was paid or the asking failed (its message is shown; polling would repeat the popup).
 * Once paid, the queries of `slices` are refreshed and `onPaid` is called once.
 */
export function useWatchedPayment({
  key,
  create,
  slices,
  onPaid,
}: {
  key: readonly unknown[];
  create: () => Promise<Payment>;
  slices: ReadonlySet<string>;
  onPaid?: ((r: Result) => void) | undefined;
}) {
  const qc = useQueryClient();
  const [round, setRound] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const qr = useQuery({
    queryKey: [...key, round],
    queryFn: create,
    retry: false,
    // Making the code is a command: once made, no refresh of its slice (the paid one included) makes
    // another; only regenerate does, with a new round.
    staleTime: 'static',
    gcTime: 0,
  });
  const p = qr.data;
  const expired = p !== undefined && Date.parse(p.expiresAt) <= now;
  const result = useQuery({
    queryKey: ['payments', 'result', p?.orderId, p?.outTradeNo],
    queryFn: () => {
      if (!p) throw new Error('no payment to watch');
      return sdk.payments.queryResult({
        query: { orderid: p.orderId, type: WECHAT_NATIVE, outTradeNo: p.outTradeNo },
      });
    },
    // Paid is final: refreshing the payments' queries afterwards does not ask again.
    enabled: (q) => p !== undefined && !expired && !q.state.data?.paid,
    retry: false,
    gcTime: 0,
    refetchInterval: (q) => (q.state.data?.paid || q.state.error ? false : POLL_MS),
  });
  const paid = result.data?.paid ? result.data : null;

  useEffect(() => {
    if (paid) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [paid]);

  const told = useRef(false);
  useEffect(() => {
    if (!paid || told.current) return;
    told.current = true;
    void invalidateAfter(qc, slices);
    onPaid?.(paid);
  }, [paid, qc, slices, onPaid]);

  const regenerate = () => {
    setNow(Date.now());
    setRound((r) => r + 1);
  };
  return { qr, result, expired, paid, regenerate };
}

/** The order's lists and details, which a recorded payment changes. */
const ORDER_SLICES: ReadonlySet<string> = new Set(['orders', 'students', 'payments']);

/** The QR code of a text as one SVG path of its dark modules (no HTML injected). */
export function QrCode({ text, label, size = 208 }: { text: string; label: string; size?: number }) {
  const { path, n } = useMemo(() => {
    const m = createQr(text, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) if (m.get(y, x)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    // A quiet zone of 4 modules on each side, as the QR standard asks.
    return { path: d, n: m.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-line bg-white"
    >
      <title>{label}</title>
      <path d={path} fill="#000" />
    </svg>
  );
}

export function PayOnlineDialog({
  order,
  onClose,
  onPaid,
}: {
  order: PayOnlineOrder | null;
  onClose: () => void;
  /** Called once when the gateway confirmed the payment and it was recorded. */
  onPaid?: (r: Result) => void;
}) {
  // Mounted per order, so nothing of one order's QR code carries over to the next.
  return order ? <PayOnline key={order.id} order={order} onClose={onClose} onPaid={onPaid} /> : null;
}

const messageOf = (e: unknown, locale: 'zh-CN' | 'en') =>
  e instanceof ApiError ? pickLanguage(e.message, locale) : e instanceof Error ? e.message : String(e);

function PayOnline({
  order,
  onClose,
  onPaid,
}: {
  order: PayOnlineOrder;
  onClose: () => void;
  onPaid?: ((r: Result) => void) | undefined;
}) {
  const t = useT();
  const [locale] = useLocale();
  const { qr, result, expired, paid, regenerate } = useWatchedPayment({
    key: ['payments', 'cuspay', order.id],
    create: () =>
      sdk.payments.cuspay({
        query: { oid: order.id, schoolitemcode: order.schoolItemCode, payMethodType: WECHAT_NATIVE },
      }),
    slices: ORDER_SLICES,
    onPaid,
  });

  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('pay.online.title')}
      description={t('pay.online.desc')}
      closeLabel={t('pay.online.close')}
      size="sm"
      footer={
        paid ? (
          <Button variant="primary" onClick={onClose}>
            {t('pay.online.done')}
          </Button>
        ) : (
          <>
            {(expired || qr.error) && (
              <Button onClick={regenerate}>
                {qr.error ? t('pay.online.retry') : t('pay.online.regenerate')}
              </Button>
            )}
            <Button onClick={onClose}>{t('pay.online.close')}</Button>
          </>
        )
      }
    >
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('pay.online.order')}</dt>
        <dd>{order.code}</dd>
        {qr.data && (
          <>
            <dt className="text-muted">{t('pay.online.amount')}</dt>
            <dd>
              <MoneyText strong yuan={qr.data.amount} />
              <div>
                <AmountCapitals yuan={qr.data.amount} />
              </div>
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-col items-center gap-2" aria-live="polite">
        {qr.isPending && (
          <p className="flex items-center gap-2 text-muted">
            <Spinner size={14} /> {t('pay.online.creating')}
          </p>
        )}
        {qr.error && (
          <p role="alert" className="text-danger-600">
            {t('pay.online.failed', { message: messageOf(qr.error, locale) })}
          </p>
        )}
        {paid && (
          <div role="status" className="text-center">
            <p className="text-base font-semibold text-success-700">{t('pay.online.paid')}</p>
            <p className="text-xs text-muted">
              {t('pay.online.paidDesc', {
                amount: formatMoney({ yuan: paid.amount ?? null }),
                transactionId: paid.transactionId ?? '',
              })}
            </p>
          </div>
        )}
        {qr.data && !paid && (
          <>
            <div className={expired ? 'opacity-30' : undefined}>
              <QrCode text={qr.data.codeUrl} label={t('pay.online.qr')} />
            </div>
            {expired ? (
              <p role="alert" className="text-warning-700">
                {t('pay.online.expired')}
              </p>
            ) : (
              <>
                <p className="flex items-center gap-2 text-muted">
                  <Spinner size={12} /> {t('pay.online.waiting')}
                </p>
                <p className="text-xs text-muted">
                  {t('pay.online.expiresAt', { time: time(qr.data.expiresAt) })}
                </p>
              </>
            )}
            {result.error && (
              <p role="alert" className="text-danger-600">
                {t('pay.online.checkFailed', { message: messageOf(result.error, locale) })}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Downloads the PDF receipt of an order (/pdf/report). */
export async function downloadReceipt(code: string): Promise<void> {
  const blob = await sdk.payments.pdfReport({ query: { code } });
  downloadBlob(blob, `receipt-${code}.pdf`);
}

/** The "download receipt" button of an order. */
export function ReceiptButton({ code, size }: { code: string; size?: 'sm' | 'md' }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // A failure is shown by the SDK's error popup; the button only stops spinning.
        downloadReceipt(code)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('pay.receipt')}
    </Button>
  );
}
