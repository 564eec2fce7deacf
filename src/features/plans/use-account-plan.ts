// What /account/plan and /account/plan/change show: the plan (with its period), and, when the
// plan is paid through this installation's card provider, the card, the invoices and the unpaid
// one. `reload` fetches them again after an action and refreshes the shell's plan (credits,
// Upgrade link, past-due warning) with them. Offline, the plan is the one saved on this device
// (the card and invoices are the provider's, fetched only online).
import { useCallback, useEffect, useState } from 'react';
import { fetchPlan } from '../../api/payment';
import {
  fetchOutstandingInvoice,
  fetchPaymentMethod,
  fetchTransactionHistory,
  type CardSummary,
  type InvoiceSummary,
} from '../../api/payments';
import type { PlanResponse } from '../../api/types';
import { useOnline } from '../../lib/network';
import { useSavedPlan, useSession, useSessionStore } from '../session';

interface Snapshot {
  plan: PlanResponse | null;
  /** Null when the plan has no card subscription (or its card could not be read). */
  card: CardSummary | null;
  /** Null while loading. */
  invoices: InvoiceSummary[] | null;
  outstanding: InvoiceSummary | null;
  /** Why the plan could not be loaded, if it could not. */
  error: string | null;
}

export interface AccountPlan extends Snapshot {
  /** Loads everything again; answers the plan (null if it could not be loaded). */
  reload(): Promise<PlanResponse | null>;
  online: boolean;
  /** Offline: when the plan shown was fetched (null when this device has none saved). */
  savedAt: number | null;
  /** Offline, no plan saved on this device. */
  notSaved: boolean;
}

const LOADING: Snapshot = {
  plan: null,
  card: null,
  invoices: null,
  outstanding: null,
  error: null,
};

async function loadSnapshot(): Promise<Snapshot> {
  let plan: PlanResponse;
  try {
    plan = await fetchPlan();
  } catch (failure) {
    const error = failure instanceof Error ? failure.message : 'Your plan could not be loaded.';
    return { ...LOADING, error };
  }
  if (plan.payment_processor !== 'STRIPE' && plan.payment_processor !== 'PADDLE') {
    return { plan, card: null, invoices: [], outstanding: null, error: null };
  }
  const [method, history, unpaid] = await Promise.allSettled([
    fetchPaymentMethod(),
    fetchTransactionHistory(),
    plan.past_due ? fetchOutstandingInvoice() : Promise.resolve({ invoice: null }),
  ]);
  return {
    plan,
    card: method.status === 'fulfilled' ? method.value.payment_method : null,
    invoices: history.status === 'fulfilled' ? history.value.transactions : [],
    outstanding: unpaid.status === 'fulfilled' ? unpaid.value.invoice : null,
    error: null,
  };
}

export function useAccountPlan(): AccountPlan {
  const store = useSessionStore();
  const session = useSession();
  const online = useOnline();
  const saved = useSavedPlan(session.user?.user_uuid ?? null);
  const [snapshot, setSnapshot] = useState<Snapshot>(LOADING);

  useEffect(() => {
    if (!online) return undefined;
    let live = true;
    void loadSnapshot().then((loaded) => {
      if (live) setSnapshot(loaded);
    });
    return () => {
      live = false;
    };
  }, [online]);

  const reload = useCallback(async () => {
    const loaded = await loadSnapshot();
    setSnapshot(loaded);
    void store.refreshPlan();
    return loaded.plan;
  }, [store]);

  if (online) return { ...snapshot, reload, online, savedAt: null, notSaved: false };
  const savedAt = saved?.fetchedAt ?? null;
  // Gone offline on the page: what it loaded stays, card and invoices included.
  if (snapshot.plan) return { ...snapshot, reload, online, savedAt, notSaved: false };
  return {
    ...LOADING,
    plan: saved?.plan ?? null,
    reload,
    online,
    savedAt,
    notSaved: saved === null,
  };
}
