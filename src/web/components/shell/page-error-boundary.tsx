import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
  /** Changes when the visitor goes to another page, which gets a fresh start. */
  resetKey: string;
}

interface State {
  error: unknown;
  /** The resetKey the error happened under. */
  failedAt: string | null;
}

/** Catches an error thrown while rendering a page and shows RouteError in its place. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    this.setState({ failedAt: this.props.resetKey });
    console.error(error);
  }

  override render() {
    const { error, failedAt } = this.state;
    const failedHere = error !== null && (failedAt === null || failedAt === this.props.resetKey);
    return failedHere ? <RouteError error={error} /> : this.props.children;
  }
}
