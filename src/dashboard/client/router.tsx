import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

// A router of a few lines: the address is the state (deep links, back and forward work), links
// are real <a href> (keyboard, open in a new tab) whose clicks become pushState.

const listeners = new Set<() => void>();

export function navigate(href: string): void {
  history.pushState(null, '', href);
  listeners.forEach((notify) => notify());
  window.scrollTo(0, 0);
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname + location.search);
  useEffect(() => {
    const update = () => setPath(location.pathname + location.search);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

export function Link(props: {
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | undefined;
}) {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(props.href);
  };
  return (
    <a href={props.href} class={props.class} aria-current={props['aria-current']} onClick={onClick}>
      {props.children}
    </a>
  );
}
