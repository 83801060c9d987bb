import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back to the customers list, above an account's or a guest buyer's page. */
export const backToCustomers = (
  <Link
    to="/admin/customers"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All customers
  </Link>
);
