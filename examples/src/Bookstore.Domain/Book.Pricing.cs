namespace Bookstore.Domain;

public partial class Book
{
    public Money Price
    {
        get => _price;
        set
        {
            if (_price == value)
            {
                return;
            }

            var old = _price;
            _price = value;
            OnPriceChanged(old, value);
        }
    }

    public Money PriceFor(int quantity) => Price * quantity;

    public Money PriceFor(int quantity, decimal discountPercent) =>
        PriceFor(quantity).ApplyDiscount(discountPercent);

    protected virtual void OnPriceChanged(Money oldPrice, Money newPrice)
    {
        PriceChanged?.Invoke(this, oldPrice, newPrice);
    }
}
