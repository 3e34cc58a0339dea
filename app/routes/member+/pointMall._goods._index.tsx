/**
 * /member/pointMall with no product open. The goods list belongs to the layout
 * (pointMall._goods), which a product's dialog opens over; this index only completes the address.
 */
export default function NoProductOpen() {
  return null;
}
