import { useEffect } from 'react';
import { Link, Route, Switch } from 'wouter';
import { ChatPage } from '../features/chat/components/chat-page.js';
import { loadConversations } from '../features/chat/stores/conversations.js';
import { SettingsPage } from '../features/providers/components/settings-page.js';
import { loadProviders } from '../features/providers/stores/providers.js';

/** The shell: header navigation and the two routes. */
export function App() {
  useEffect(() => {
    void loadProviders();
    void loadConversations();
  }, []);
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Manifold</span>
        <nav>
          <Link href="/">Chat</Link>
          <Link href="/settings">Settings</Link>
        </nav>
      </header>
      <main>
        <Switch>
          <Route path="/settings" component={SettingsPage} />
          <Route path="/" component={ChatPage} />
          <Route>Not found</Route>
        </Switch>
      </main>
    </div>
  );
}
