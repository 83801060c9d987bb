import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
  /** Changes when the visitor goes to another page, which gets a fresh start. */
  resetKey: string;
}

interface State {
  error: unknown;
  /** The resetKey the error happened under (set once React has reported it). */
  failedAt: string | null;
}

/** Catches an error thrown while rendering a page and shows RouteError in its place. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  /** Another page than the one that failed: start afresh. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.failedAt !== null && state.failedAt !== props.resetKey
      ? { error: null, failedAt: null }
      : null;
  }

  override componentDidCatch(error: unknown) {
    this.setState({ failedAt: this.props.resetKey });
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    return error !== null ? <RouteError error={error} /> : this.props.children;
  }
}
