import { Link } from 'react-router';
import { EmptyState } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { useHttpStatus } from '#web/components/shell/http-status';

/** A ?category= slug that names no category: the server answers 404. */
export function UnknownCategory({ slug }: { slug: string }) {
  useHttpStatus(404);
  return (
    <EmptyState title="Category not found">
      <p>We couldn't find a category called “{slug}”.</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
        Browse all products
      </Link>
    </EmptyState>
  );
}
