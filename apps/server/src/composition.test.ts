// The composition root gives every app its own wiring: a second app in the process (test files share
// a worker) neither hears the first's events nor sees a port swapped on it.
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './db/client.js';
import { appCaches, wire } from './composition.js';
import { eventBus } from './shared/eventBus.js';

const tx = {} as DbOrTx;

describe('the event bus', () => {
  it('runs the handlers of an event in subscription order, each once, and forgets a removed one', async () => {
    const bus = eventBus<{ a: number; b: string }>();
    const seen: string[] = [];
    bus.on('a', async (_tx, n) => void seen.push(`first ${n}`));
    const off = bus.on('a', async (_tx, n) => void seen.push(`second ${n}`));
    bus.on('b', async (_tx, s) => void seen.push(`b ${s}`));
    await bus.emit(tx, 'a', 1);
    off();
    await bus.emit(tx, 'a', 2);
    expect(seen).toEqual(['first 1', 'second 1', 'first 2']);
  });

  it("lets a handler's throw reach the emitter (the command's transaction is undone)", async () => {
    const bus = eventBus<{ a: number }>();
    const after: number[] = [];
    bus.on('a', async () => {
      throw new Error('refused');
    });
    bus.on('a', async (_tx, n) => void after.push(n));
    await expect(bus.emit(tx, 'a', 1)).rejects.toThrow('refused');
    expect(after).toEqual([]);
  });
});

describe('the wiring of two apps in one process', () => {
  it('shares no bus, port or cache', () => {
    const one = wire({ now: () => new Date('2026-01-01T00:00:00Z') });
    const two = wire({ now: () => new Date('2026-06-01T00:00:00Z') });
    expect(two.events).not.toBe(one.events);
    one.ports.leaves = async () => [{ studentId: 7, fromDate: '2026-01-01', toDate: '2026-01-02' }];
    expect(two.ports.leaves).not.toBe(one.ports.leaves);
    expect(wire().ports.leaves).not.toBe(one.ports.leaves);
    expect(two.ports.pricing.offers).not.toBe(one.ports.pricing.offers);
    expect(appCaches().listEstimates).not.toBe(appCaches().listEstimates);
  });

  it('gives a seed (no clock) list prices without offers, and an app its own offer source', () => {
    expect(wire().ports.pricing.offers).toBeNull();
    expect(wire({ now: () => new Date() }).ports.pricing.offers).not.toBeNull();
    expect(wire().ports.pricing.listPrices.map((s) => s.name)).toEqual(['productSalePrice']);
  });

  it('takes a port given in place of the slice’s', () => {
    const orders = {
      orderToCollect: async () => null,
      recordOnlinePayment: async () => undefined,
      orderForReceipt: async () => null,
    };
    expect(wire({ ports: { ordersForPayments: orders } }).ports.ordersForPayments).toBe(orders);
    expect(wire().ports.ordersForPayments).not.toBe(orders);
  });
});
