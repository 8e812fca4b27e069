// Catches a screen's render errors: chunk failures and DOMExceptions reload once; others → /err.
import { Component, type ReactNode } from 'react';
import { reloadOnce, wantsReload } from './reload';

interface Props {
  children: ReactNode;
  onFatal: () => void;
}
interface State {
  failed: boolean;
}

export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (wantsReload(error) && reloadOnce()) return;
    console.error(error);
    this.props.onFatal();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
