import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link, Route, Switch } from 'wouter';
import { ChatPage } from '../features/chat/components/chat-page.js';
import { loadConversations } from '../features/chat/stores/conversations.js';
import { ImagesPage } from '../features/images/components/images-page.js';
import { SettingsPage } from '../features/providers/components/settings-page.js';
import { loadProviders } from '../features/providers/stores/providers.js';
import { $labels, $locale, setLocale } from './locale.js';

/** The shell: header navigation and the routes (chat, images, settings). */
export function App() {
  useEffect(() => {
    void loadProviders();
    void loadConversations();
  }, []);
  const label = useStore($labels);
  const locale = useStore($locale);
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">{label.brand}</span>
        <nav>
          <Link href="/">{label.chat}</Link>
          <Link href="/images">{label.images}</Link>
          <Link href="/settings">{label.settings}</Link>
        </nav>
        <select
          className="locale-switch"
          name="locale"
          aria-label={label.language}
          value={locale}
          onChange={(e) => setLocale(e.target.value === 'zh' ? 'zh' : 'en')}
        >
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </header>
      <main>
        <Switch>
          <Route path="/images" component={ImagesPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route path="/" component={ChatPage} />
          <Route>{label.notFound}</Route>
        </Switch>
      </main>
    </div>
  );
}
