namespace Bookstore.Domain;

/// <summary>Raised by <see cref="Book.PriceChanged"/>.</summary>
public delegate void PriceChangedHandler(Book book, Money oldPrice, Money newPrice);
