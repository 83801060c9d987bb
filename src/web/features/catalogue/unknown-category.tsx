import { Link } from 'react-router';
import { EmptyState } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';

/** A ?category= slug that names no category. */
export function UnknownCategory({ slug }: { slug: string }) {
  return (
    <EmptyState title="Category not found">
      <p>We couldn't find a category called “{slug}”.</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
        Browse all products
      </Link>
    </EmptyState>
  );
}
