// The layout shell of spec §2: menu, top bar, page tabs and the screens. Open tabs' screens stay
// mounted (hidden) unless their route is kept out of caching; each keeps its own scroll position.
import { routeByPath } from '@bo/domain';
import { Spinner } from '@bo/ui-kit';
import { Activity, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { forgetDataAsOf } from '../../app/dataAsOf';
import { clearDraftForTab } from '../../app/drafts';
import { listMessages } from '../../app/list/messages';
import { masterMessages } from '../../app/masterMessages';
import { autoTitle, ScreenContext, type ScreenContextValue } from '../../app/pageTitle';
import { screenFor, type Screen } from '../../app/registry';
import { ScreenBoundary } from '../../app/ScreenBoundary';
import { queryClient } from '../../app/sdk';
import {
  closeAllTabs,
  closeTab,
  HOME_PATH,
  loadTabs,
  openTab,
  saveTabs,
  setTabTitle,
  tabsReset,
  type PageTab,
} from '../../app/tabs';
import { addMessages, useLocale, useT } from '../../i18n';
import { AgentPanel, showsAgentPanel } from './AgentPanel';
import { FeedbackDialog } from './FeedbackDialog';
import { PageTabs } from './PageTabs';
import { Sidebar } from './Sidebar';
import { NotFound } from './StatusPages';
import { TopBar } from './TopBar';
import { useMenu } from './useMenu';

// Every signed-in screen shows the list kit's and the master selectors' texts: they come with the
// shell, not with /login.
addMessages(listMessages, masterMessages);

const COLLAPSE_KEY = 'menuCollapsed';

interface HostProps {
  screen: Screen;
  location: Location;
  ctx: ScreenContextValue;
  onFatal: () => void;
}

// Memoised without `active`: switching tabs re-renders no screen. <Activity> hides the inactive
// ones, disconnects their effects (no polling in the background) and keeps their state.
const ScreenHost = memo(function ScreenHost({ screen, location, ctx, onFatal }: HostProps) {
  const C = screen.component;
  return (
    <div className="absolute inset-0 overflow-auto p-4" data-screen={ctx.tabKey}>
      <ScreenContext.Provider value={ctx}>
        <ScreenBoundary onFatal={onFatal}>
          <Suspense
            fallback={
              <div className="flex h-64 items-center justify-center text-brand-500">
                <Spinner size={24} />
              </div>
            }
          >
            <Routes location={location}>
              <Route path={screen.def.path} element={<C />} />
            </Routes>
          </Suspense>
        </ScreenBoundary>
      </ScreenContext.Provider>
    </div>
  );
});

export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const [locale] = useLocale();
  const groups = useMenu();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === '1');
  const [tabs, setTabs] = useState<PageTab[]>(loadTabs);
  const [reloadKeys, setReloadKeys] = useState<Record<string, number>>({});
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const lastLocations = useRef(new Map<string, Location>());

  const go = useCallback(
    (to: string) => {
      Promise.resolve(navigate(to)).catch(() => undefined);
    },
    [navigate],
  );

  const activeKey = location.pathname;
  const screen = screenFor(activeKey);
  // A closed active tab must not be re-opened by the render that happens before the navigation away.
  const closing = useRef(new Set<string>());
  for (const k of closing.current) if (k !== activeKey) closing.current.delete(k);
  const shownTabs =
    screen && !closing.current.has(activeKey) ? openTab(tabs, location.pathname, location.search) : tabs;
  if (screen) lastLocations.current.set(activeKey, location);

  useEffect(() => {
    if (shownTabs !== tabs) setTabs(shownTabs);
  }, [shownTabs, tabs]);
  useEffect(() => saveTabs(tabs), [tabs]);
  // What the last screen's reports were told about their data's age does not apply to this one.
  useEffect(() => forgetDataAsOf(), [activeKey]);
  useEffect(() => {
    const reset = () => setTabs([]);
    tabsReset.add(reset);
    return () => {
      tabsReset.delete(reset);
    };
  }, []);
  useEffect(() => localStorage.setItem(COLLAPSE_KEY, collapsed ? '1' : '0'), [collapsed]);

  const setTitle = useCallback(
    (key: string, title: string | undefined) => setTabs((ts) => setTabTitle(ts, key, title)),
    [],
  );
  const contexts = useRef(new Map<string, ScreenContextValue>());
  const ctxOf = (key: string): ScreenContextValue => {
    let c = contexts.current.get(key);
    if (!c) {
      c = { tabKey: key, setTitle };
      contexts.current.set(key, c);
    }
    return c;
  };

  const titleOf = useCallback(
    (tab: PageTab) => {
      if (tab.title) return tab.title;
      const def = routeByPath(tab.key);
      if (!def) return tab.key;
      return (
        autoTitle(def.path, tab.fullPath, lastLocations.current.get(tab.key)?.state, locale) ??
        def.title[locale]
      );
    },
    [locale],
  );
  const activeTab = shownTabs.find((x) => x.key === activeKey);
  const pageTitle = screen
    ? activeTab
      ? titleOf(activeTab)
      : screen.def.title[locale]
    : t('notFound.title');

  useEffect(() => {
    document.title = `${pageTitle} · ${t('app.name')}`;
  }, [pageTitle, t]);

  const forget = (keys: readonly string[]) => {
    for (const k of keys) {
      lastLocations.current.delete(k);
      contexts.current.delete(k);
    }
  };

  const onClose = (key: string) => {
    const tab = shownTabs.find((x) => x.key === key);
    if (tab) clearDraftForTab(tab.fullPath);
    const r = closeTab(shownTabs, key, activeKey);
    if (r.next) closing.current.add(key);
    forget([key]);
    setTabs(r.tabs);
    if (r.next) go(r.next);
  };
  const onCloseAll = () => {
    const closed = shownTabs.filter((x) => x.key !== HOME_PATH);
    closed.forEach((x) => clearDraftForTab(x.fullPath));
    forget(closed.map((x) => x.key));
    setTabs(closeAllTabs(shownTabs));
    if (activeKey !== HOME_PATH) {
      closing.current.add(activeKey);
      go(HOME_PATH);
    }
  };
  const onCloseOthers = (key: string) => {
    const closed = shownTabs.filter((x) => x.key !== HOME_PATH && x.key !== key);
    closed.forEach((x) => clearDraftForTab(x.fullPath));
    forget(closed.map((x) => x.key));
    const kept = shownTabs.filter((x) => x.key === HOME_PATH || x.key === key);
    setTabs(kept);
    const target = kept.find((x) => x.key === key);
    if (activeKey !== key && activeKey !== HOME_PATH && target) {
      closing.current.add(activeKey);
      go(target.fullPath);
    }
  };
  const onRefresh = () => {
    // The user's refresh of the tab, not a command: every query marked stale (none refetched here), so
    // the remounted screen reads what is current.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    setReloadKeys((k) => ({ ...k, [activeKey]: (k[activeKey] ?? 0) + 1 }));
  };
  const onFatal = useCallback(() => go('/err'), [go]);

  const hosts = useMemo(
    () =>
      shownTabs
        .map((tab) => ({ tab, s: screenFor(tab.key) }))
        .filter(
          (x): x is { tab: PageTab; s: Screen } =>
            x.s !== undefined && (x.tab.key === activeKey || x.s.def.cache),
        ),
    [shownTabs, activeKey],
  );

  const canSeeFeedbackList = groups.some((g) => g.items.some((i) => i.path === '/operation/feedback'));

  return (
    <div className="flex h-screen overflow-hidden bg-canvas">
      <Sidebar groups={groups} collapsed={collapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          title={pageTitle}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          onRefresh={onRefresh}
          onFeedback={() => setFeedbackOpen(true)}
          canSeeFeedbackList={canSeeFeedbackList}
        />
        <PageTabs
          tabs={shownTabs}
          activeKey={activeKey}
          titleOf={titleOf}
          onClose={onClose}
          onCloseAll={onCloseAll}
          onCloseOthers={onCloseOthers}
        />
        <main className="relative min-h-0 flex-1" aria-label={pageTitle}>
          {hosts.map(({ tab, s }) => {
            const loc = tab.key === activeKey ? location : lastLocations.current.get(tab.key);
            if (!loc) return null;
            return (
              <Activity
                key={`${tab.key}#${reloadKeys[tab.key] ?? 0}`}
                mode={tab.key === activeKey ? 'visible' : 'hidden'}
              >
                <ScreenHost screen={s} location={loc} ctx={ctxOf(tab.key)} onFatal={onFatal} />
              </Activity>
            );
          })}
          {!screen && (
            <div className="absolute inset-0 overflow-auto">
              <NotFound embedded />
            </div>
          )}
        </main>
      </div>
      {showsAgentPanel(location.pathname) && <AgentPanel />}
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </div>
  );
}
